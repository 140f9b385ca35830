import { closeSync, fdatasyncSync, openSync, renameSync, writeSync } from "node:fs";
import { JournalError } from "./journal-error.js";

/**
 * The journal file as an append-only sink, written synchronously on purpose: once `append`
 * returns, a kill -9 cannot lose the text (and with `sync`, neither can a power cut).
 */
export interface JournalFile {
  /** Appends; throws `journal-write-failed` (and `failing()` reports it until a write succeeds). */
  append(text: string, sync: boolean): void;
  /** Replaces the whole file atomically (temporary file, fdatasync, rename), then appends there. */
  replace(text: string): void;
  failing(): JournalError | undefined;
  close(): void;
}

export function openJournalFile(file: string): JournalFile {
  let fd = -1;
  let lastFailure: JournalError | undefined;

  const open = (): void => {
    try {
      fd = openSync(file, "a", 0o600);
    } catch (cause) {
      throw new JournalError(
        "journal-unwritable",
        `cannot write the update journal ${file}: ${(cause as Error).message}`,
        "make the state directory writable by the gateway's user and check the disk is not full",
        { cause },
      );
    }
  };
  open();

  return {
    append(text, sync) {
      try {
        // After a failed (possibly partial) write, start on a fresh line so the torn one stays alone.
        writeSync(fd, lastFailure ? `\n${text}` : text);
        if (sync) fdatasyncSync(fd);
        lastFailure = undefined;
      } catch (cause) {
        throw (lastFailure = new JournalError(
          "journal-write-failed",
          `cannot append to the update journal ${file}: ${(cause as Error).message}`,
          "free disk space or make the state directory writable; the gateway is not ready until it can journal",
          { cause },
        ));
      }
    },
    replace(text) {
      const tmp = `${file}.compact.tmp`;
      const tmpFd = openSync(tmp, "w", 0o600);
      try {
        writeSync(tmpFd, text);
        fdatasyncSync(tmpFd);
      } finally {
        closeSync(tmpFd);
      }
      renameSync(tmp, file);
      closeSync(fd);
      open();
    },
    failing: () => lastFailure,
    close() {
      if (fd < 0) return;
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      fd = -1;
    },
  };
}
