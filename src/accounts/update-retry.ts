import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import { isTransient } from "./classify-failure.js";
import { JournalError } from "./journal/journal-error.js";

const MAX_ATTEMPTS = 5;
/** A journal that cannot be written (disk full) is retried much longer: the disk gets freed. */
const MAX_JOURNAL_ATTEMPTS = 120;

/** What becomes of an update whose handler failed. */
export type FailureOutcome =
  /** Resubmitted later (a transient failure with attempts left): it stays unfinished meanwhile. */
  | "retried"
  /** Left unfinished in the journal, for the next start (transient, but no attempt left now). */
  | "kept"
  /** Finished: a failure no retry mends (logged as an error). */
  | "given-up";

export interface UpdateRetry {
  /** Decides and logs what becomes of `update` after `error`; schedules the resubmission. */
  failed(update: Update, error: unknown, log: Logger): FailureOutcome;
  /** The update was handled: its attempts are forgotten. */
  succeeded(updateId: number): void;
  /** No more retries (a stop): timers are cleared, later failures are kept for the next start. */
  stop(): void;
}

export interface UpdateRetryDeps {
  /** Hands an update back to the bot. */
  resubmit: (update: Update) => void;
  /** Runs `fn` after `ms`; returns a cancel. Default: an unref'd setTimeout. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

/**
 * Contract: a failure caused by Telegram or the network (or a journal that cannot be written) is
 * retried after 2 s × attempt (at most 10 s), up to 5 attempts (120 for the journal); past them,
 * or after `stop()`, the update is kept unfinished for the next start. Any other failure gives up.
 */
export function createUpdateRetry(deps: UpdateRetryDeps): UpdateRetry {
  const schedule =
    deps.schedule ??
    ((fn, ms) => {
      const timer = setTimeout(fn, ms);
      timer.unref();
      return () => clearTimeout(timer);
    });
  const attempts = new Map<number, number>();
  const pending = new Set<() => void>();
  let stopped = false;
  return {
    failed(update, error, log) {
      const updateId = update.update_id;
      const attempt = (attempts.get(updateId) ?? 0) + 1;
      const journalFailed = error instanceof JournalError;
      const retryable = journalFailed || isTransient(error);
      const limit = journalFailed ? MAX_JOURNAL_ATTEMPTS : MAX_ATTEMPTS;
      if (retryable && attempt < limit && !stopped) {
        attempts.set(updateId, attempt);
        log.warn(
          { err: error, attempt },
          journalFailed
            ? "the journal cannot be written; the update is retried"
            : "Telegram failed while answering; the update is retried",
        );
        const cancel = schedule(
          () => {
            pending.delete(cancel);
            deps.resubmit(update);
          },
          Math.min(2000 * attempt, 10_000),
        );
        pending.add(cancel);
        return "retried";
      }
      if (retryable) {
        log.warn(
          { err: error },
          "the update could not be answered now; it stays in the journal for the next start",
        );
        return "kept";
      }
      log.error({ err: error }, "the update could not be handled");
      attempts.delete(updateId);
      return "given-up";
    },
    succeeded: (updateId) => void attempts.delete(updateId),
    stop() {
      stopped = true;
      for (const cancel of pending) cancel();
      pending.clear();
    },
  };
}
