import { closeSync, fdatasync, fdatasyncSync, openSync, renameSync, writeSync } from "node:fs";
import { JournalError } from "./journal-error.js";

/**
 * The journal file as an append-only sink, written synchronously on purpose: once `append`
 * returns, a kill -9 cannot lose the text. With `sync`, an fdatasync of the file starts too, in
 * Node's thread pool so that the event loop (every account's messages) never waits for the disk;
 * once `synced()` resolves, a power cut cannot lose the text either.
 */
export interface JournalFile {
  /** Appends; throws `journal-write-failed` (and `failing()` reports it until a write succeeds). */
  append(text: string, sync: boolean): void;
  /**
   * Resolves when every fdatasync started so far has finished; rejects with `journal-write-failed`
   * when one of them failed since the last call (and `failing()` reports it until a write succeeds).
   * After a failure was reported, the next call syncs again and resolves only once that succeeds.
   */
  synced(): Promise<void>;
  /** Replaces the whole file atomically (temporary file, fdatasync, rename), then appends there. */
  replace(text: string): void;
  failing(): JournalError | undefined;
  close(): void;
}

export function openJournalFile(file: string): JournalFile {
  let fd: number;
  let lastFailure: JournalError | undefined;
  /** Settles when every fdatasync started so far has settled. */
  let syncs: Promise<void> = Promise.resolve();
  let syncing = 0;
  let syncFailure: JournalError | undefined;
  /** fdatasyncs started so far; and, after one failed, how many had started then (undefined: none
   *  failed since a later one succeeded). Text written before a failed sync is not known to be on
   *  disk until a sync started after the failure succeeds. */
  let started = 0;
  let failedAfter: number | undefined;
  const writeFailed = (cause: unknown) => writeFailure(file, cause);
  const startSync = (): void => {
    const target = fd;
    const id = ++started;
    syncing += 1;
    const done = new Promise<void>((resolve) =>
      fdatasync(target, (error) => {
        syncing -= 1;
        if (error) {
          syncFailure = lastFailure = writeFailed(error);
          failedAfter = started;
        } else if (failedAfter !== undefined && id > failedAfter) failedAfter = undefined;
        resolve();
      }),
    );
    syncs = Promise.all([syncs, done]).then(() => undefined);
  };
  /** Closes a descriptor once no fdatasync on it may still run. */
  const closeLater = (target: number): void => {
    const close = () => closeQuietly(target);
    if (syncing === 0) close();
    else void syncs.then(close);
  };

  fd = openForAppend(file);

  return {
    append(text, sync) {
      try {
        // After a failed (possibly partial) write, start on a fresh line so the torn one stays alone.
        writeSync(fd, lastFailure ? `\n${text}` : text);
        lastFailure = undefined;
      } catch (cause) {
        throw (lastFailure = writeFailed(cause));
      }
      if (sync) startSync();
    },
    async synced() {
      // A failure already reported: sync again, since the text it covered may still not be on disk
      // (a batch sent again by Telegram appends nothing, so no append would start one).
      if (syncFailure === undefined && failedAfter !== undefined && fd >= 0) startSync();
      await syncs;
      const failure = syncFailure;
      syncFailure = undefined;
      if (failure) throw failure;
    },
    replace(text) {
      const tmp = `${file}.compact.tmp`;
      writeDurably(tmp, text);
      renameSync(tmp, file);
      closeLater(fd);
      fd = openForAppend(file);
    },
    failing: () => lastFailure,
    close() {
      if (fd < 0) return;
      closeLater(fd);
      fd = -1;
    },
  };
}

function openForAppend(file: string): number {
  try {
    return openSync(file, "a", 0o600);
  } catch (cause) {
    throw new JournalError(
      "journal-unwritable",
      `cannot write the update journal ${file}: ${(cause as Error).message}`,
      "make the state directory writable by the gateway's user and check the disk is not full",
      { cause },
    );
  }
}

function writeFailure(file: string, cause: unknown): JournalError {
  return new JournalError(
    "journal-write-failed",
    `cannot append to the update journal ${file}: ${(cause as Error).message}`,
    "free disk space or make the state directory writable; the gateway is not ready until it can journal",
    { cause },
  );
}

/** Writes a whole new file and fdatasyncs it before returning. */
function writeDurably(file: string, text: string): void {
  const fd = openSync(file, "w", 0o600);
  try {
    writeSync(fd, text);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
