import type { ErrorCatalogue } from "../../errors.js";

/** The update journal's codes, for files and for Redis (docs/errors.md). */
export const JOURNAL_CODES = {
  "journal-damaged": {
    meaning: "the journal had unreadable lines (or Redis list elements): they were skipped and a copy kept",
    remedy:
      "nothing to do if the gateway ran out of disk space before; otherwise check nothing else writes the journal. The updates in the skipped lines may be unanswered (see the kept copy); delete it once checked",
  },
  "journal-unreadable": {
    meaning: "the update journal file cannot be read at start",
    remedy: "make the state directory readable and writable by the gateway's user",
  },
  "journal-unwritable": {
    meaning: "the update journal file cannot be written (opened, compacted)",
    remedy: "make the state directory writable by the gateway's user and check the disk is not full",
  },
  "journal-write-failed": {
    meaning: "an update could not be appended to the journal: it is not taken from Telegram",
    remedy:
      "free disk space or make the state directory writable; the gateway is not ready until it can journal",
  },
  "journal-redis-failed": {
    meaning: "the journal in Redis cannot be read or written",
    remedy:
      "check that Redis is up and reachable (GATEWAY_REDIS_URL); the gateway retries and polls again once it can journal",
  },
  "journal-fenced": {
    meaning: "the account's journal in Redis belongs to another replica now: this one lost the lease",
    remedy: "nothing to change: this replica lost the account's lease and stops polling it",
  },
} as const satisfies ErrorCatalogue;

export type JournalCode = keyof typeof JOURNAL_CODES;
