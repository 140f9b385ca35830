import type { RedisConnection } from "../../cluster/redis-connection.js";
import type { RedisKeys } from "../../cluster/redis-keys.js";
import { FENCE_CHECK, type Fence, fenceArgs, redisScript } from "../../cluster/redis-script.js";
import { JournalError } from "./journal-error.js";
import { type JournalLine, readJournalLines } from "./journal-lines.js";
import { createJournalState } from "./journal-state.js";
import type { Journal, JournalDamage } from "./journal.js";

export interface RedisJournalOptions {
  client: RedisConnection;
  keys: RedisKeys;
  account: string;
  /** Compact when this many lines were appended since the last compaction. */
  compactEvery?: number;
  /** Checked by every write: it happens only while this key holds this token (the account's lease). */
  fence?: () => Fence | undefined;
  /** First wait before retrying a failed load or write; doubles up to 2 s. */
  retryMs?: number;
}

/** Appends the lines (ARGV[3..]) to KEYS[1], fenced. One element per line, pushed in a loop (no stack limit). */
const APPEND = redisScript(`${FENCE_CHECK}
for i = 3, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
return 1`);
/** Replaces KEYS[1] by the lines (ARGV[3..]) in one atomic step, fenced. */
const REPLACE = redisScript(`${FENCE_CHECK}
redis.call('DEL', KEYS[1])
for i = 3, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
return 1`);

/**
 * The update journal of one account in Redis (cluster mode): the same contract as the file
 * journal (`journal.ts`), so the account that moves to another replica is replayed there.
 *
 * Contract, where it differs from the file:
 * - The journal is a Redis LIST (`keys.journal(account)`), one JSON line (`journal-lines.ts`) per
 *   element, appended with RPUSH in one ordered queue per account; `flush()` resolves when the
 *   queue up to now is in Redis, so `record` + `flush` before the offset moves keeps "stored before
 *   confirmed". Marks (sending, sent, done) are stored in the background in order; a crash before
 *   they are stored only makes a reply go out once more (at-least-once), never lost.
 * - Loading (`ready()`) and writing retry with backoff while Redis is unreachable; `failing()`
 *   reports it meanwhile (the account is not ready), and nothing queued is dropped.
 * - An element that is not a journal line is damage: the list as found is copied to
 *   `keys.journalDamaged(account, time)` before it is compacted, and reported in `damage`.
 * - With `fence`, every write is a script that writes only while the fence key holds the token,
 *   so a replica that lost the account cannot overwrite its new owner's journal.
 */
export function openRedisJournal(options: RedisJournalOptions): Journal {
  const { client, account } = options;
  const key = options.keys.journal(account);
  const compactEvery = options.compactEvery ?? 20_000;
  const firstRetryMs = options.retryMs ?? 50;
  const state = createJournalState();
  let unfinished: Journal["unfinished"] = [];
  let damage: JournalDamage | undefined;
  let lastFailure: JournalError | undefined;
  let closed = false;
  let wake: (() => void) | undefined;

  /** Lines to append, in order; `compact` asks for the whole list to be rewritten first. */
  let queue: JournalLine[] = [];
  let compact = false;
  let appended = 0;
  /** Ids of writes: `written` reaches `enqueued` when everything asked for is stored. */
  let enqueued = 0;
  let written = 0;
  const waiters: Array<{ upTo: number; resolve: () => void; reject: (e: Error) => void }> = [];
  let writing = false;

  const failure = (what: string, cause: unknown): JournalError => {
    const detail = String((cause as Error)?.message ?? cause);
    if (/FENCED/.test(detail)) {
      return new JournalError(
        "journal-fenced",
        `the journal of account ${account} in Redis (${key}) belongs to another replica now: ${detail}`,
        "nothing to change: this replica lost the account's lease and stops polling it",
        { cause },
      );
    }
    return new JournalError(
      "journal-redis-failed",
      `cannot ${what} the journal of account ${account} in Redis (${key}): ${detail}`,
      "check that Redis is up and reachable (GATEWAY_REDIS_URL); the gateway retries and polls again once it can journal",
      { cause },
    );
  };

  const pause = async (attempt: number): Promise<void> => {
    const ms = Math.min(firstRetryMs * 2 ** Math.min(attempt, 10), 2_000);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
  };

  const settle = (error?: JournalError): void => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (error) waiter.reject(error);
      else if (waiter.upTo <= written) waiter.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  };

  const store = (replacing: boolean, lines: readonly JournalLine[]): Promise<unknown> =>
    (replacing ? REPLACE : APPEND).run(
      client,
      [key],
      [...fenceArgs(options.fence?.()), ...lines.map((line) => JSON.stringify(line))],
    );

  /**
   * The one writer: drains the queue in order, retrying while Redis fails. A call while it runs
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
        const lines = replacing ? state.snapshot() : queue.slice(0, taken);
        try {
          await store(replacing, lines);
          if (replacing) {
            compact = false;
            appended = 0;
          }
          queue = queue.slice(taken);
          written = upTo;
          lastFailure = undefined;
          attempt = 0;
          settle();
        } catch (cause) {
          lastFailure = failure("write", cause);
          settle(lastFailure);
          if (closed) break;
          await pause(attempt++);
        }
      }
    } finally {
      writing = false;
    }
  };

  const enqueue = (lines: readonly JournalLine[]): void => {
    if (lines.length === 0) return;
    if (closed) throw failure("write", new Error("the journal is closed"));
    queue.push(...lines);
    enqueued++;
    appended += lines.length;
    if (appended >= compactEvery) compact = true;
    void drain();
  };

  const load = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw failure("load", new Error("the journal was closed before it was loaded"));
      try {
        const entries = await client.lRange(key, 0, -1);
        const damaged: number[] = [];
        entries.forEach((entry, index) => {
          // Each element is one whole line: Redis never keeps a torn one, so every bad one is damage.
          const read = readJournalLines(`${entry}\n`);
          if (read.damaged.length > 0 || read.lines.length !== 1) damaged.push(index + 1);
          for (const line of read.lines) state.apply(line);
        });
        if (damaged.length > 0) damage = await keepDamaged(damaged);
        unfinished = state.pending();
        lastFailure = undefined;
        // Start compact, as the file journal does: drops what the previous owner finished.
        compact = true;
        enqueued++;
        await drain();
        return;
      } catch (cause) {
        lastFailure = cause instanceof JournalError ? cause : failure("load", cause);
        await pause(attempt);
      }
    }
  };

  const keepDamaged = async (lines: number[]): Promise<JournalDamage> => {
    const keptAs = options.keys.journalDamaged(account, new Date());
    await client.copy(key, keptAs);
    return {
      code: "journal-damaged",
      lines,
      keptAs,
      message: `the journal of account ${account} in Redis (${key}) had ${lines.length} unreadable element(s) (first: element ${lines[0]}); they were skipped and the list was kept as ${keptAs}`,
      remedy: `check that nothing else writes ${key}; the updates in the skipped elements may be unanswered (LRANGE ${keptAs} 0 -1); DEL it once checked`,
    };
  };

  const loaded = load();
  loaded.catch(() => {});

  return {
    get unfinished() {
      return unfinished;
    },
    get damage() {
      return damage;
    },
    ready: () => loaded,
    flush() {
      if (written >= enqueued) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ upTo: enqueued, resolve, reject });
        void drain();
      });
    },
    record(updates) {
      const { fresh, lines } = state.receive(updates);
      enqueue(lines);
      return fresh;
    },
    isDone: (id) => state.isDone(id),
    sentChunks: (id) => state.entry(id)?.sent ?? new Set(),
    markSending: (id, chunk) => enqueue(state.sending(id, chunk)),
    markSent: (id, chunk) => enqueue(state.sent(id, chunk)),
    markDone: (id) => enqueue(state.done(id)),
    depth: () => state.count(),
    failing: () => lastFailure,
    async close() {
      if (closed) return;
      // One last attempt to store what is queued; what fails stays unmarked (replayed: at-least-once).
      closed = true;
      wake?.();
      await drain().catch(() => {});
      settle(failure("write", new Error("the journal was closed")));
    },
  };
}
