import { createHash } from "node:crypto";

/** The largest file getFile serves (Telegram's cloud Bot API: 20 MB). */
export const GET_FILE_LIMIT = 20 * 1024 * 1024;

/** A file a user sent (a voice note, a photo), with its real bytes. */
export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  bytes: Buffer;
  mimeType: string;
  /** Where getFile says it is: `voice/file_3.oga`, `photos/file_4.jpg`, ... */
  path: string;
  /** Seconds (voice, audio, video notes). */
  duration?: number;
  /** Pixels (photos). */
  width?: number;
  height?: number;
}

/** The files users sent, by file_id and by path; kept until the sandbox is reset. */
export interface FileStore {
  add(
    input: Omit<StoredFile, "fileId" | "fileUniqueId" | "path"> & { folder: string; extension: string },
  ): StoredFile;
  byId(fileId: string): StoredFile | undefined;
  byPath(path: string): StoredFile | undefined;
  /** Downloads of each path (the gateway's), for tests: how many times a file was read. */
  downloads(): string[];
  noteDownload(path: string): void;
  reset(): void;
}

export function createFileStore(): FileStore {
  const ids = new Map<string, StoredFile>();
  const paths = new Map<string, StoredFile>();
  let downloads: string[] = [];
  let serial = 0;
  return {
    add(input) {
      const n = ++serial;
      const digest = createHash("sha256").update(input.bytes).digest("base64url");
      const { folder, extension, ...rest } = input;
      const file: StoredFile = {
        ...rest,
        // Long and opaque like Telegram's; unique per upload, the unique id per content.
        fileId: `AgAC${digest.slice(0, 24)}${n.toString(36).padStart(6, "0")}`,
        fileUniqueId: `AQAD${digest.slice(0, 12)}`,
        path: `${folder}/file_${n}.${extension}`,
      };
      ids.set(file.fileId, file);
      paths.set(file.path, file);
      return file;
    },
    byId: (id) => ids.get(id),
    byPath: (path) => paths.get(path),
    downloads: () => [...downloads],
    noteDownload: (path) => void downloads.push(path),
    reset() {
      ids.clear();
      paths.clear();
      downloads = [];
    },
  };
}

/**
 * The seconds an OGG/Opus recording lasts, as Telegram states a voice note's `duration`: the
 * granule position of its last page (48 kHz samples, less the pre-skip), rounded. Undefined when
 * the bytes are not OGG.
 */
export function oggSeconds(bytes: Buffer): number | undefined {
  const last = bytes.lastIndexOf("OggS");
  if (last < 0 || bytes.subarray(0, 4).toString("latin1") !== "OggS" || last + 14 > bytes.length)
    return undefined;
  const granule = Number(bytes.readBigUInt64LE(last + 6));
  const head = bytes.indexOf("OpusHead");
  const preSkip = head >= 0 && head + 12 <= bytes.length ? bytes.readUInt16LE(head + 10) : 0;
  return Math.max(1, Math.round((granule - preSkip) / 48_000));
}
