import { readFile, rename, writeFile } from "node:fs/promises";
import { writeFileAtomic } from "../state/atomic-file.js";
import { watchFile } from "../state/watch-file.js";
import { withFileLock } from "./file-lock.js";
import { keptStamp } from "../state/kept-stamp.js";
import type { PairingDocument } from "./pairing-document.js";

export interface FilePairingDocumentOptions {
  /** pairing.json (StateLayout.pairingFile). */
  file: string;
  /** pairing.lock (StateLayout.pairingLock). */
  lockFile: string;
  /** How long a write waits for the lock before failing with `pairing-lock-timeout`. */
  lockTimeoutMs?: number;
}

/**
 * The pairing document as a file (`pairing.json`), the default: a lock file taken with O_EXCL
 * around each read-modify-write (`file-lock.ts`), atomic replacement (temporary file, fsync,
 * rename), kept copies beside the file, and a folder watch with polling.
 */
export function createFilePairingDocument(options: FilePairingDocumentOptions): PairingDocument {
  const { file, lockFile } = options;
  return {
    where: file,
    async read() {
      try {
        return await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
        throw error;
      }
    },
    locked: (fn) =>
      withFileLock(
        lockFile,
        () =>
          fn({
            write: (text) => writeFileAtomic(file, text),
            async setAside() {
              const kept = `${file}.corrupt-${keptStamp()}`;
              await rename(file, kept);
              return kept;
            },
          }),
        options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs },
      ),
    async keepCopy(text) {
      const kept = `${file}.invalid-${keptStamp()}`;
      await writeFile(kept, text, { mode: 0o600 });
      return kept;
    },
    watch: (onChange, { pollMs }) => watchFile(file, onChange, { pollMs }),
  };
}
