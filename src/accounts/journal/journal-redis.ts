import type { RedisConnection } from "../../cluster/redis-connection.js";
import type { RedisKeys } from "../../cluster/redis-keys.js";
import { FENCE_CHECK, type Fence, fenceArgs, redisScript } from "../../cluster/redis-script.js";
import { JournalError } from "./journal-error.js";
import { readJournalLines } from "./journal-lines.js";
import { createJournalState, type JournalState } from "./journal-state.js";
import { createJournalWriter } from "./journal-writer.js";
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
  const state = createJournalState();
  let unfinished: Journal["unfinished"] = [];
  let damage: JournalDamage | undefined;
  let lastFailure: JournalError | undefined;
  let closed = false;
  const failure = (what: string, cause: unknown) => journalFailure(account, key, what, cause);
  const backoff = createBackoff(options.retryMs ?? 50);
  const writer = createJournalWriter({
    store: (replacing, lines) =>
      (replacing ? REPLACE : APPEND).run(
        client,
        [key],
        [...fenceArgs(options.fence?.()), ...lines.map((line) => JSON.stringify(line))],
      ),
    snapshot: () => state.snapshot(),
    compactEvery: options.compactEvery ?? 20_000,
    failure,
    pause: backoff.pause,
    report: (error) => {
      lastFailure = error;
    },
  });

  const load = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw failure("load", new Error("the journal was closed before it was loaded"));
      try {
        const damaged = readInto(state, await client.lRange(key, 0, -1));
        if (damaged.length > 0) damage = await keepDamaged(options, key, damaged);
        unfinished = state.pending();
        lastFailure = undefined;
        // Start compact, as the file journal does: drops what the previous owner finished.
        await writer.compactNow();
        return;
      } catch (cause) {
        lastFailure = cause instanceof JournalError ? cause : failure("load", cause);
        await backoff.pause(attempt);
      }
    }
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
    flush: () => writer.flush(),
    record(updates) {
      const { fresh, lines } = state.receive(updates);
      writer.enqueue(lines);
      return fresh;
    },
    isDone: (id) => state.isDone(id),
    sentChunks: (id) => state.entry(id)?.sent ?? new Set(),
    markSending: (id, chunk) => writer.enqueue(state.sending(id, chunk)),
    markSent: (id, chunk) => writer.enqueue(state.sent(id, chunk)),
    markDone: (id) => writer.enqueue(state.done(id)),
    placeholder: (id) => state.entry(id)?.placeholder,
    markPlaceholder: (id, messageId) => writer.enqueue(state.placeholder(id, messageId)),
    depth: () => state.count(),
    failing: () => lastFailure,
    async close() {
      if (closed) return;
      // One last attempt to store what is queued; what fails stays unmarked (replayed: at-least-once).
      closed = true;
      backoff.wake();
      await writer.close();
    },
  };
}

/** Applies the list's elements to the state; the 1-based positions of those that are not one journal line. */
function readInto(state: JournalState, entries: readonly string[]): number[] {
  const damaged: number[] = [];
  entries.forEach((entry, index) => {
    // Each element is one whole line: Redis never keeps a torn one, so every bad one is damage.
    const read = readJournalLines(`${entry}\n`);
    if (read.damaged.length > 0 || read.lines.length !== 1) damaged.push(index + 1);
    for (const line of read.lines) state.apply(line);
  });
  return damaged;
}

/** A failed load or write as a JournalError: fenced (another replica owns the account) or Redis failing. */
function journalFailure(account: string, key: string, what: string, cause: unknown): JournalError {
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
}

/** Copies the list as found aside before it is compacted, and says so. */
async function keepDamaged(
  options: RedisJournalOptions,
  key: string,
  lines: number[],
): Promise<JournalDamage> {
  const { account } = options;
  const keptAs = options.keys.journalDamaged(account, new Date());
  await options.client.copy(key, keptAs);
  return {
    code: "journal-damaged",
    lines,
    keptAs,
    message: `the journal of account ${account} in Redis (${key}) had ${lines.length} unreadable element(s) (first: element ${lines[0]}); they were skipped and the list was kept as ${keptAs}`,
    remedy: `check that nothing else writes ${key}; the updates in the skipped elements may be unanswered (LRANGE ${keptAs} 0 -1); DEL it once checked`,
  };
}

/** Waits of a retry: from `firstMs`, doubling up to 2 s; `wake` ends the wait under way. */
function createBackoff(firstMs: number): { pause(attempt: number): Promise<void>; wake(): void } {
  let wake: (() => void) | undefined;
  return {
    async pause(attempt) {
      const ms = Math.min(firstMs * 2 ** Math.min(attempt, 10), 2_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    },
    wake: () => wake?.(),
  };
}
