import type { JournalError } from "./journal-error.js";
import type { JournalLine } from "./journal-lines.js";

export interface JournalWriterDeps {
  /** Stores lines: appended, or (`replacing`) as the whole journal in one atomic step. */
  store(replacing: boolean, lines: readonly JournalLine[]): Promise<unknown>;
  /** The whole journal as it is now (what a compaction writes). */
  snapshot(): JournalLine[];
  /** Compact when this many lines were appended since the last compaction. */
  compactEvery: number;
  failure(what: string, cause: unknown): JournalError;
  /** Waits before the next attempt (backoff); `wake` ends the wait at once. */
  pause(attempt: number): Promise<void>;
  /** Told each failure, and `undefined` when a write succeeds again. */
  report(failure: JournalError | undefined): void;
}

/** The ordered writer of a remote journal (Redis): one queue, one write at a time, retried. */
export interface JournalWriter {
  /** Queues lines to append; throws once the writer is closed. */
  enqueue(lines: readonly JournalLine[]): void;
  /** Resolves when every line queued so far is stored; rejects with a write's failure. */
  flush(): Promise<void>;
  /** Rewrites the whole journal before anything else is appended; resolves when it is stored. */
  compactNow(): Promise<void>;
  /** One last attempt to store what is queued; later flushes are refused. */
  close(): Promise<void>;
}

/**
 * Contract: lines are stored in the order queued; a failed write is retried (with `pause`) until
 * it succeeds or the writer is closed, and nothing queued is dropped meanwhile. A compaction
 * writes the snapshot, which already holds every line queued before it. Each `flush` waits for the
 * writes queued before it and is rejected by the first failure after it was asked.
 */
export function createJournalWriter(deps: JournalWriterDeps): JournalWriter {
  /** Lines to append, in order; `compact` asks for the whole list to be rewritten first. */
  let queue: JournalLine[] = [];
  let compact = false;
  let appended = 0;
  /** Ids of writes: `written` reaches `enqueued` when everything asked for is stored. */
  let enqueued = 0;
  let written = 0;
  const waiters: Array<{ upTo: number; resolve: () => void; reject: (e: Error) => void }> = [];
  let writing = false;
  let closed = false;

  const settle = (error?: JournalError): void => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (error) waiter.reject(error);
      else if (waiter.upTo <= written) waiter.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  };

  /**
   * The one writer: drains the queue in order, retrying while the store fails. A call while it runs
   * returns the running drain (a close waits for the write in flight; each command has a deadline).
   */
  let draining: Promise<void> = Promise.resolve();
  const drain = (): Promise<void> => {
    if (writing) return draining;
    writing = true;
    draining = drainQueue();
    return draining;
  };
  const drainQueue = async (): Promise<void> => {
    let attempt = 0;
    try {
      while (queue.length > 0 || compact) {
        const upTo = enqueued;
        const replacing = compact;
        // A compaction writes the state as it is now, which already holds every line queued so far.
        const taken = queue.length;
        const lines = replacing ? deps.snapshot() : queue.slice(0, taken);
        try {
          await deps.store(replacing, lines);
          if (replacing) {
            compact = false;
            appended = 0;
          }
          queue = queue.slice(taken);
          written = upTo;
          deps.report(undefined);
          attempt = 0;
          settle();
        } catch (cause) {
          const failure = deps.failure("write", cause);
          deps.report(failure);
          settle(failure);
          if (closed) break;
          await deps.pause(attempt++);
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    enqueue(lines) {
      if (lines.length === 0) return;
      if (closed) throw deps.failure("write", new Error("the journal is closed"));
      queue.push(...lines);
      enqueued++;
      appended += lines.length;
      if (appended >= deps.compactEvery) compact = true;
      void drain();
    },
    flush() {
      if (written >= enqueued) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ upTo: enqueued, resolve, reject });
        void drain();
      });
    },
    compactNow() {
      compact = true;
      enqueued++;
      return drain();
    },
    async close() {
      closed = true;
      await drain().catch(() => {});
      settle(deps.failure("write", new Error("the journal was closed")));
    },
  };
}
