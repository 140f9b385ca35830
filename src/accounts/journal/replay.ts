import type { Update } from "grammy/types";
import type { Logger } from "../../log/logger.js";
import type { JournalEntry } from "./journal.js";

/** What a replay handed back to the bot. */
export interface ReplaySummary {
  /** Unfinished updates resubmitted, oldest first. */
  replayed: number[];
  /** Those whose reply was being sent when the previous process died: it may have arrived twice. */
  ambiguous: number[];
}

export interface Replay {
  /** Resubmits every unfinished update once; later calls do nothing and return an empty summary. */
  run(): ReplaySummary;
}

export interface ReplayDeps {
  unfinished: readonly JournalEntry[];
  log: Logger;
  submit: (update: Update) => void;
}

/**
 * The updates the previous process recorded but did not finish, handed back to the bot once at
 * start. The reply chunks already accepted by Telegram are skipped by the replier (the journal
 * knows them); a chunk whose sending started but was never confirmed is sent again
 * (at-least-once) and its update is named in the log.
 */
export function createReplay(deps: ReplayDeps): Replay {
  let done = false;
  return {
    run() {
      if (done || deps.unfinished.length === 0) {
        done = true;
        return { replayed: [], ambiguous: [] };
      }
      done = true;
      const replayed = deps.unfinished.map((e) => e.updateId);
      const ambiguous = deps.unfinished.filter((e) => e.ambiguous.size > 0).map((e) => e.updateId);
      deps.log.info({ count: replayed.length, ambiguous }, "replaying unfinished updates");
      for (const entry of deps.unfinished) deps.submit(entry.update);
      return { replayed, ambiguous };
    },
  };
}
