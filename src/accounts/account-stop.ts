import type { Logger } from "../log/logger.js";
import type { OffsetTrack } from "./account-bot.js";
import type { Journal } from "./journal/journal.js";

export interface StopOptions {
  /**
   * After the handlers drained, confirm the offsets of everything handled with one last getUpdates
   * (timeout 0, through the poll gate), so the next owner does not fetch it again. Skipped when a
   * handler is still running (then the next owner fetches those updates again: at-least-once).
   */
  confirmOffsets?: boolean;
}

export interface AccountStopDeps {
  log: Logger;
  journal: Journal;
  offsets: OffsetTrack;
  /** Stops fetching (the runner) and the supervisor's retries. */
  stopFetching: () => Promise<void>;
  /** Waits up to `deadlineMs` for the work in hand (handlers, the backlog, the outgoing queue). */
  drain: (deadlineMs: number) => Promise<boolean>;
  /** One getUpdates that only confirms `offsets.next`. */
  getUpdates: (offset: number) => Promise<unknown>;
  /** The account is stopped (its status, and whoever waits for the first attempt). */
  onStopped: () => void;
}

/**
 * The stop of one account, in order: stop fetching; wait (up to the deadline) for what was
 * fetched to be answered; for a handover, store the journal and confirm the offsets; close the
 * journal. What did not finish stays unfinished in the journal and is replayed at the next start.
 * Idempotent: later calls get the first one's promise.
 */
export function createAccountStop(
  deps: AccountStopDeps,
): (deadlineMs: number, options?: StopOptions) => Promise<void> {
  const { log, journal, offsets } = deps;
  let stopping: Promise<void> | undefined;

  /** One getUpdates with the next offset (timeout 0, limit 1): confirms, fetches nothing for us. */
  async function confirmOffsets(): Promise<void> {
    offsets.confirmOnly = true;
    try {
      await deps.getUpdates(offsets.next);
      log.debug({ offset: offsets.next }, "offsets confirmed before the handover");
    } catch (error) {
      log.warn({ err: error }, "could not confirm the offsets; the next owner fetches the last batch again");
    } finally {
      offsets.confirmOnly = false;
    }
  }

  async function stop(deadlineMs: number, options: StopOptions): Promise<void> {
    // A handover lets the poll in flight end by itself: the confirmation below (and the next
    // owner's first poll) must not overlap it.
    if (options.confirmOffsets) offsets.finishPolls = true;
    await deps.stopFetching();
    const drained = await deps.drain(deadlineMs);
    if (!drained)
      log.warn(
        { deadlineMs },
        "stop deadline reached with handlers still running; they are replayed at next start",
      );
    if (options.confirmOffsets && drained && journal.depth() === 0 && offsets.next > 0) {
      // The done marks are in the store before the offsets move (the next owner reads them).
      const stored = await journal.flush().then(
        () => true,
        (error: unknown) => {
          log.warn({ err: error }, "could not store the journal; the offsets are left unconfirmed");
          return false;
        },
      );
      if (stored) await confirmOffsets();
    }
    await journal.close();
    deps.onStopped();
  }

  return (deadlineMs, options = {}) => (stopping ??= stop(deadlineMs, options));
}
