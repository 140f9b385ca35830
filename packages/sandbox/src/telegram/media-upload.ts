import type { StoredMessage } from "./chat-store.js";
import { oggSeconds, type StoredFile } from "./files.js";
import { SandboxError } from "./errors.js";
import type { MediaKind, MediaUpload } from "./types.js";
import type { World } from "./world.js";

/** Telegram's sizes of a photo, by their longer side: s, m, x, y (never larger than the original). */
const PHOTO_SIDES = [90, 320, 800, 1280];

const FOLDERS: Partial<Record<MediaKind, { folder: string; extension: string }>> = {
  voice: { folder: "voice", extension: "oga" },
  audio: { folder: "music", extension: "mp3" },
  video_note: { folder: "video_notes", extension: "mp4" },
  photo: { folder: "photos", extension: "jpg" },
  document: { folder: "documents", extension: "bin" },
};

/**
 * A user's media with its real bytes, stored so that getFile and the download serve them: one file,
 * or for a photo one per size Telegram lists (each size serves the uploaded bytes: the sandbox does
 * not scale pictures).
 */
export function uploaded(
  world: World,
  media: MediaKind,
  upload: MediaUpload,
): Pick<StoredMessage, "files" | "fileName"> {
  const place = FOLDERS[media];
  if (!place)
    throw new SandboxError(
      "no-file",
      `a ${media} carries no file`,
      "omit fileBase64, or send voice, audio, video_note, photo or document",
    );
  if (media !== "photo") {
    const duration = upload.duration ?? oggSeconds(upload.bytes) ?? 1;
    const file = world.files.add({ ...place, bytes: upload.bytes, mimeType: upload.mimeType, duration });
    return { files: [file], ...(upload.fileName ? { fileName: upload.fileName } : {}) };
  }
  const width = upload.width ?? 1280;
  const height = upload.height ?? 720;
  const longer = Math.max(width, height);
  const sides = [...PHOTO_SIDES.filter((side) => side < longer), longer];
  const files: StoredFile[] = sides.map((side) =>
    world.files.add({
      ...place,
      bytes: upload.bytes,
      mimeType: upload.mimeType,
      width: Math.round((width * side) / longer),
      height: Math.round((height * side) / longer),
    }),
  );
  return { files };
}

/** The media object of a message whose files have real bytes, as Telegram renders it. */
export function uploadedFields(message: StoredMessage): Record<string, unknown> | undefined {
  const files = message.files;
  const first = files?.[0];
  if (!files || !first) return undefined;
  const ids = (file: StoredFile) => ({
    file_id: file.fileId,
    file_unique_id: file.fileUniqueId,
    file_size: file.bytes.length,
  });
  switch (message.media) {
    case "photo":
      return { photo: files.map((file) => ({ ...ids(file), width: file.width, height: file.height })) };
    case "voice":
      return { voice: { ...ids(first), duration: first.duration, mime_type: first.mimeType } };
    case "audio":
      return { audio: { ...ids(first), duration: first.duration, mime_type: first.mimeType } };
    case "video_note":
      return { video_note: { ...ids(first), length: 240, duration: first.duration } };
    case "document":
      return {
        document: { ...ids(first), file_name: message.fileName ?? "file", mime_type: first.mimeType },
      };
    default:
      return undefined;
  }
}
