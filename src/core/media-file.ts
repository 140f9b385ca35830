/**
 * A file a message carries that the gateway may read (a voice note to transcribe, a picture to
 * show a model), as `accounts/` found it in the update: Telegram's ids and what Telegram says of
 * its size, never its bytes. Plain data: it crosses into the pipeline.
 */
export interface MediaFile {
  /** Voice notes, audio and video notes are heard; photos and image documents are seen. */
  kind: "voice" | "audio" | "video_note" | "photo" | "document";
  /** Telegram's `file_id` (what getFile takes). */
  fileId: string;
  /** Telegram's `file_unique_id`: the same file for every bot, over time. */
  fileUniqueId: string;
  /** `duration` in seconds, as Telegram states it (voice, audio, video notes). */
  seconds?: number;
  /** `file_size` in bytes, when Telegram states it. */
  bytes?: number;
  /** `mime_type`, when Telegram states it (a video note has none: it is MPEG-4). */
  mimeType?: string;
}

/** A media file is heard (transcribed) rather than seen. */
export function isHeard(media: Pick<MediaFile, "kind">): boolean {
  return media.kind === "voice" || media.kind === "audio" || media.kind === "video_note";
}

/** What reading a file came to: its bytes, or why not (never a URL: it holds the bot's token). */
export type FileRead =
  | { ok: true; bytes: Uint8Array }
  /** too-large: over the cap (by Telegram's word or while streaming); failed: getFile or the download failed. */
  | { ok: false; reason: "too-large" | "failed" };

/**
 * Reads a file of a message through the account that received it: getFile, then the download,
 * streamed and cut at `maxBytes`. Contract: never rejects (a failure is a FileRead, logged by the
 * account without the download URL); an abort of `signal` ends it as "failed".
 */
export type ReadFile = (
  file: Pick<MediaFile, "fileId" | "bytes">,
  options: { maxBytes: number; signal?: AbortSignal },
) => Promise<FileRead>;
