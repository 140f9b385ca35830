import type { IndexCode } from "../index-codes.js";
import { closeSync, readSync } from "node:fs";
import { errorMessage, GatewayError } from "../../errors.js";

/** The saved index file that a loaded index reads its passages' text from stopped being readable. */
export class PassageFileError extends GatewayError<IndexCode> {
  constructor(path: string, detail: string, options?: { cause?: unknown }) {
    super(
      "index-file-unreadable",
      `the saved search index ${path} can no longer be read (${detail})`,
      "none needed: the index is rebuilt from the wiki; if it recurs, check the disk holding the state directory",
      options,
    );
  }
}

/**
 * An index file loaded or just saved, kept open so that a passage's text is read from it when an
 * answer shows the passage (a few small reads per answer) instead of being held in memory.
 *
 * Contract: `read` returns exactly `length` bytes at `at`, or throws PassageFileError (closed, the
 * file cut short, an I/O error); it never returns partial bytes. The descriptor keeps the file that
 * was opened: the gateway replaces the path only by a rename (state/atomic-file.ts), and this file
 * stays readable as it was until `close` (the next save moves the text on and closes it). (A file rewritten in place by something else is not
 * detected unless it is shorter: its size is not checked on each read, which would double the
 * cost of a read.) `close` releases the descriptor before it returns, is idempotent, and reads
 * after it throw.
 */
export interface PassageFile {
  readonly path: string;
  read(at: number, length: number): Uint8Array;
  close(): void;
}

/** The file open as `fd`; `close` closes the descriptor. */
export function createPassageFile(fd: number, path: string): PassageFile {
  let open = true;
  return {
    path,
    read(at, length) {
      if (!open) throw new PassageFileError(path, "already closed");
      const bytes = Buffer.allocUnsafe(length);
      let read: number;
      try {
        read = length === 0 ? 0 : readSync(fd, bytes, 0, length, at);
      } catch (error) {
        throw new PassageFileError(path, errorMessage(error), { cause: error });
      }
      if (read !== length) throw new PassageFileError(path, `${read} of ${length} bytes at ${at}`);
      return bytes;
    },
    close() {
      if (!open) return;
      open = false;
      try {
        closeSync(fd);
      } catch {
        // Nothing is read from it any more either way.
      }
    },
  };
}
