import { z } from "zod";
import { createJsonLinesFile } from "./json-lines-file.js";

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
  /** Resolves once every queued write of the file is done. Never rejects. */
  flush(): Promise<void>;
}

export interface ReplyMemoryOptions {
  /** JSON lines file; absent = in memory only. */
  file?: string;
  /** How long an entry matters after its message was sent. */
  keepMs: number;
  /** At most this many entries; the oldest go first. */
  max?: number;
  now?: () => number;
  /** A write failed: the memory goes on in memory (called once per streak of failures). */
  onError?: (error: unknown) => void;
}

/** One entry as saved: a JSON line with short keys (the file holds up to `max` of them). */
const SavedReplySchema = z.strictObject({
  a: z.string(),
  c: z.number().int(),
  m: z.number().int(),
  o: z.enum(["answered", "choices", "nothing", "not-addressed"]),
  t: z.number(),
  r: z.number().int().optional(),
});
type SavedReply = z.infer<typeof SavedReplySchema>;

/**
 * A bounded memory of (account, chat, message) → the bot's reply and its outcome, kept for
 * `keepMs` after the message was sent, that survives a restart: each entry is queued as one JSON
 * line appended to the file (a stop flushes the queue; a crash may lose the entries still queued,
 * and an edit of such a message counts as one never seen). At open when lines were left out, and
 * when the appended lines outnumber the live entries, the file is rewritten atomically with the
 * live ones only. Unreadable
 * lines are skipped. Never throws after open; a write that fails goes to `onError`, once per streak.
 */
export function openReplyMemory(options: ReplyMemoryOptions): ReplyMemory {
  const max = options.max ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Held>();
  const file = options.file
    ? createJsonLinesFile({
        file: options.file,
        schema: SavedReplySchema,
        ...(options.onError ? { onError: options.onError } : {}),
      })
    : undefined;
  let appended = 0;

  const live = (entry: { at: number }) => now() - entry.at <= options.keepMs;
  const keyOf = (k: ReplyMessageKey) => `${k.account}\u0000${k.chatId}\u0000${k.messageId}`;
  const put = (entry: Held) => {
    const key = keyOf(entry);
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
  };
  const compact = () => {
    for (const [key, entry] of entries) if (!live(entry)) entries.delete(key);
    file?.replace([...entries.values()].map(saved));
    appended = 0;
  };

  if (file) {
    const { records, invalid } = file.readAll();
    for (const record of records) {
      const entry = fromSaved(record);
      if (live(entry)) put(entry);
    }
    // Rewritten only when something was left out (expired, superseded or unreadable lines): a file
    // that could not be read at all (reported to onError) is never replaced by an empty one.
    if (invalid > 0 || records.length > entries.size) compact();
  }
  return {
    recall(key) {
      const entry = entries.get(keyOf(key));
      if (!entry || !live(entry)) return undefined;
      const { outcome, at, replyId } = entry;
      return { outcome, at, ...(replyId !== undefined ? { replyId } : {}) };
    },
    remember(key, entry) {
      // Built property by property in one order (see `entryOf`), never by spreading.
      const full = entryOf(key, entry);
      put(full);
      if (!file) return;
      appended += 1;
      if (appended > Math.max(1000, entries.size)) compact();
      else file.append(saved(full));
    },
    size: () => entries.size,
    flush: () => file?.flush() ?? Promise.resolve(),
  };
}

function saved(e: Held): SavedReply {
  return {
    a: e.account,
    c: e.chatId,
    m: e.messageId,
    o: e.outcome,
    t: e.at,
    ...(e.replyId !== undefined ? { r: e.replyId } : {}),
  };
}

function fromSaved(v: SavedReply): Held {
  return entryOf({ account: v.a, chatId: v.c, messageId: v.m }, { outcome: v.o, at: v.t, replyId: v.r });
}

/**
 * An entry as held in memory: always the same properties in the same order (`replyId` undefined
 * when there is none), so that every entry shares one hidden class in V8. Objects made by spreading
 * (`{ ...key, ...entry }`) each got a hidden class of their own: about 200 bytes per entry, seen as
 * thousands of maps in a heap snapshot of the soak.
 */
interface Held extends ReplyMessageKey {
  outcome: ReplyOutcome;
  at: number;
  replyId: number | undefined;
}

function entryOf(key: ReplyMessageKey, entry: { outcome: ReplyOutcome; at: number; replyId?: number | undefined }): Held {
  return {
    account: key.account,
    chatId: key.chatId,
    messageId: key.messageId,
    outcome: entry.outcome,
    at: entry.at,
    replyId: entry.replyId,
  };
}
