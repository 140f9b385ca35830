import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** What came of a message, as far as a later edit of it cares. */
export type ReplyOutcome =
  /** Answered (an answer, a command's reply, a hint, or kept by pairing): an edit changes nothing. */
  | "answered"
  /** Weak match: closest pages offered as buttons. */
  | "choices"
  /** Nothing matched. */
  | "nothing"
  /** Not answered because it did not address the bot. */
  | "not-addressed";

const OUTCOMES: ReadonlySet<unknown> = new Set<ReplyOutcome>(["answered", "choices", "nothing", "not-addressed"]);

export interface RememberedReply {
  outcome: ReplyOutcome;
  /** The bot's reply (its first message), when there was one and Telegram named it. */
  replyId?: number;
  /** When the message was sent, ms since the epoch. */
  at: number;
}

export interface ReplyMessageKey {
  account: string;
  chatId: number;
  messageId: number;
}

export interface ReplyMemory {
  recall(key: ReplyMessageKey): RememberedReply | undefined;
  remember(key: ReplyMessageKey, entry: RememberedReply): void;
  /** Entries held (expired ones may still count until the next compaction). */
  size(): number;
}

export interface ReplyMemoryOptions {
  /** JSON lines file; absent = in memory only. */
  file?: string;
  /** How long an entry matters after its message was sent. */
  keepMs: number;
  /** At most this many entries; the oldest go first. */
  max?: number;
  now?: () => number;
  /** A write failed: the memory goes on in memory (called at most once per failure streak). */
  onError?: (error: unknown) => void;
}

/**
 * A bounded memory of (account, chat, message) → the bot's reply and its outcome, kept for
 * `keepMs` after the message was sent, that survives a restart: each entry is appended as one
 * JSON line, the entries of one turn of the event loop in one write at its end (a process crash
 * keeps what was written, so it may lose that turn's entries; there is no fsync, so a power cut
 * may lose the last ones: an edit of such a message counts as one never seen). At open, and when
 * the appended lines outnumber the live entries, the file is rewritten with the live ones only
 * (temporary file, then rename). Unreadable lines are skipped. Never throws after open.
 */
export function openReplyMemory(options: ReplyMemoryOptions): ReplyMemory {
  const max = options.max ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, RememberedReply & ReplyMessageKey>();
  let appended = 0;
  let failing = false;

  const live = (entry: RememberedReply) => now() - entry.at <= options.keepMs;
  const keyOf = (k: ReplyMessageKey) => `${k.account}\u0000${k.chatId}\u0000${k.messageId}`;
  const put = (entry: RememberedReply & ReplyMessageKey) => {
    const key = keyOf(entry);
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
  };
  /** The file, open for appending between compactions (one write per entry, no open or mkdir). */
  let fd: number | undefined;
  const closeFile = () => {
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    fd = undefined;
  };
  const write = (action: () => void) => {
    try {
      action();
      failing = false;
    } catch (error) {
      // The next write opens the file again (its directory may have been fixed meanwhile).
      closeFile();
      if (!failing) options.onError?.(error);
      failing = true;
    }
  };
  const compact = () => {
    const file = options.file;
    if (!file) return;
    for (const [key, entry] of entries) if (!live(entry)) entries.delete(key);
    // The rewrite holds every live entry, the gathered ones too.
    gathered = [];
    write(() => {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, [...entries.values()].map((e) => `${line(e)}\n`).join(""), { mode: 0o600 });
      renameSync(tmp, file);
      closeFile();
    });
    appended = 0;
  };

  /** Lines remembered this turn, written together at its end (or replaced by a compaction). */
  let gathered: string[] = [];
  let scheduled = false;
  const writeGathered = () => {
    scheduled = false;
    const file = options.file;
    if (!file || gathered.length === 0) return;
    const text = gathered.join("");
    gathered = [];
    write(() => {
      if (fd === undefined) {
        mkdirSync(dirname(file), { recursive: true });
        fd = openSync(file, "a", 0o600);
      }
      writeSync(fd, text);
    });
  };

  if (options.file) {
    for (const entry of readLines(options.file)) if (live(entry)) put(entry);
    compact();
  }
  return {
    recall(key) {
      const entry = entries.get(keyOf(key));
      if (!entry || !live(entry)) return undefined;
      const { outcome, at, replyId } = entry;
      return { outcome, at, ...(replyId !== undefined ? { replyId } : {}) };
    },
    remember(key, entry) {
      const full = { ...key, ...entry };
      put(full);
      const file = options.file;
      if (!file) return;
      appended += 1;
      if (appended > Math.max(1000, entries.size)) return compact();
      gathered.push(`${line(full)}\n`);
      if (scheduled) return;
      scheduled = true;
      setImmediate(writeGathered);
    },
    size: () => entries.size,
  };
}

function line(e: RememberedReply & ReplyMessageKey): string {
  return JSON.stringify({
    a: e.account,
    c: e.chatId,
    m: e.messageId,
    o: e.outcome,
    t: e.at,
    ...(e.replyId !== undefined ? { r: e.replyId } : {}),
  });
}

function readLines(file: string): Array<RememberedReply & ReplyMessageKey> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const out: Array<RememberedReply & ReplyMessageKey> = [];
  for (const raw of text.split("\n")) {
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    const { a, c, m, o, t, r } = v;
    if (typeof a !== "string" || !Number.isSafeInteger(c) || !Number.isSafeInteger(m)) continue;
    if (!OUTCOMES.has(o) || typeof t !== "number" || (r !== undefined && !Number.isSafeInteger(r))) continue;
    out.push({
      account: a,
      chatId: c as number,
      messageId: m as number,
      outcome: o as ReplyOutcome,
      at: t,
      ...(r !== undefined ? { replyId: r as number } : {}),
    });
  }
  return out;
}
