import { SandboxError } from "./errors.js";
import type { CallRecord, SentFilter, SentMessage } from "./types.js";

/** A log keeps its newest `cap` entries; seq keeps growing across clear(). */
export const LOG_CAP = 50_000;

interface Waiter {
  predicate(m: SentMessage): boolean;
  resolve(m: SentMessage): void;
}

export interface SentLog {
  append(entry: Omit<SentMessage, "seq">): SentMessage;
  list(filter?: SentFilter): SentMessage[];
  /** First entry (already logged or future) the predicate accepts. */
  waitFor(predicate: (m: SentMessage) => boolean, timeoutMs: number): Promise<SentMessage>;
  /** Resolves with the entries after `sinceSeq` matching the filter once there is at least one, or [] at the timeout. */
  waitSince(filter: SentFilter & { sinceSeq: number }, timeoutMs: number): Promise<SentMessage[]>;
  clear(): void;
  /** Ends every wait (waitFor rejects, waitSince resolves with what there is). */
  close(): void;
}

export interface CallLog {
  append(entry: Omit<CallRecord, "seq">): void;
  list(filter?: { bot?: string; method?: string }): CallRecord[];
  clear(): void;
}

function trim<T>(items: T[], cap: number): T[] {
  return items.length > cap + cap / 10 ? items.slice(items.length - cap) : items;
}

/** Index of the first entry with seq > since (entries are in seq order). */
function after(items: { seq: number }[], since: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.seq <= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const matches = (m: SentMessage, f: SentFilter) =>
  (f.bot === undefined || m.bot.toLowerCase() === f.bot.toLowerCase()) &&
  (f.chatId === undefined || m.chatId === f.chatId);

export function createSentLog(cap = LOG_CAP): SentLog {
  let items: SentMessage[] = [];
  let seq = 0;
  const waiters = new Set<Waiter>();
  const closers = new Set<() => void>();

  const log: SentLog = {
    append(entry) {
      const message: SentMessage = { seq: ++seq, ...entry };
      items.push(message);
      items = trim(items, cap);
      for (const waiter of waiters) if (waiter.predicate(message)) waiter.resolve(message);
      return message;
    },
    list(filter = {}) {
      const start = filter.sinceSeq === undefined ? 0 : after(items, filter.sinceSeq);
      const out: SentMessage[] = [];
      for (let i = start; i < items.length; i++) if (matches(items[i]!, filter)) out.push(items[i]!);
      return out;
    },
    waitFor(predicate, timeoutMs) {
      const found = items.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          closers.delete(onClose);
        };
        const waiter: Waiter = { predicate, resolve: (m) => (done(), resolve(m)) };
        const fail = (why: string) => {
          done();
          const recent = items
            .slice(-10)
            .map((m) => `  #${m.seq} @${m.bot} → ${m.chatId}: ${JSON.stringify(m.text.slice(0, 120))}`);
          reject(
            new SandboxError(
              "wait-timeout",
              `${why}; last ${recent.length} of ${items.length} sent messages:\n${recent.join("\n") || "  (none)"}`,
              "check that the bot runs against this sandbox and that the predicate matches what it sends",
            ),
          );
        };
        const timer = setTimeout(() => fail(`no sent message matched within ${timeoutMs} ms`), timeoutMs);
        const onClose = () => fail("the sandbox closed while waiting for a sent message");
        waiters.add(waiter);
        closers.add(onClose);
      });
    },
    waitSince(filter, timeoutMs) {
      const now = log.list(filter);
      if (now.length > 0 || timeoutMs <= 0) return Promise.resolve(now);
      return new Promise((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          closers.delete(finish);
          resolve(log.list(filter));
        };
        const waiter: Waiter = {
          predicate: (m) => m.seq > filter.sinceSeq && matches(m, filter),
          resolve: finish,
        };
        const timer = setTimeout(finish, timeoutMs);
        waiters.add(waiter);
        closers.add(finish);
      });
    },
    clear() {
      items = [];
    },
    close() {
      for (const close of [...closers]) close();
    },
  };
  return log;
}

export function createCallLog(cap = LOG_CAP): CallLog {
  let items: CallRecord[] = [];
  let seq = 0;
  return {
    append(entry) {
      items.push({ seq: ++seq, ...entry });
      items = trim(items, cap);
    },
    list(filter = {}) {
      const bot = filter.bot?.toLowerCase();
      return items.filter(
        (c) =>
          (bot === undefined || c.bot.toLowerCase() === bot) &&
          (filter.method === undefined || c.method === filter.method),
      );
    },
    clear() {
      items = [];
    },
  };
}
