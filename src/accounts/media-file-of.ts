import type { MediaFile } from "../core/media-file.js";

/** The photo size a model is shown: the one whose longer side is closest to this, in pixels. */
export const PICTURE_SIDE = 1280;

const HEARD_KEYS = ["voice", "audio", "video_note"] as const;

/**
 * The file of a message the gateway may read: a voice note, audio or video note (heard), a photo
 * (the size closest to PICTURE_SIDE) or a document whose MIME type is an image (seen). Pure; never
 * throws: a field of the wrong type leaves it out, a file without `file_id` is no file.
 */
export function mediaFileOf(raw: unknown): MediaFile | undefined {
  if (!isRecord(raw)) return undefined;
  for (const kind of HEARD_KEYS) {
    const file = raw[kind];
    if (isRecord(file)) return fileOf(kind, file);
  }
  if (Array.isArray(raw.photo)) {
    const size = closestSize(raw.photo.filter(isRecord));
    return size ? fileOf("photo", size) : undefined;
  }
  const document = raw.document;
  if (isRecord(document) && typeof document.mime_type === "string" && document.mime_type.startsWith("image/"))
    return fileOf("document", document);
  return undefined;
}

function fileOf(kind: MediaFile["kind"], file: Record<string, unknown>): MediaFile | undefined {
  if (typeof file.file_id !== "string" || file.file_id === "") return undefined;
  const out: MediaFile = {
    kind,
    fileId: file.file_id,
    fileUniqueId: typeof file.file_unique_id === "string" ? file.file_unique_id : file.file_id,
  };
  if (isCount(file.duration)) out.seconds = file.duration;
  if (isCount(file.file_size)) out.bytes = file.file_size;
  if (typeof file.mime_type === "string" && file.mime_type !== "") out.mimeType = file.mime_type;
  return out;
}

/** Of Telegram's sizes of one photo, the one whose longer side is closest to PICTURE_SIDE. */
function closestSize(sizes: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const distance = (size: Record<string, unknown>) => {
    const side = Math.max(Number(size.width) || 0, Number(size.height) || 0);
    return Math.abs(side - PICTURE_SIDE);
  };
  return sizes.reduce<Record<string, unknown> | undefined>(
    (best, size) => (best === undefined || distance(size) < distance(best) ? size : best),
    undefined,
  );
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
