import type { StateCode } from "./state-codes.js";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, renameSync } from "node:fs";
import { z } from "zod";
import { writeJsonAtomic } from "./atomic-file.js";
import { keptStamp } from "./kept-stamp.js";

/** One vote on an answer: +1 helped, -1 did not. */
export type Vote = 1 | -1;

/** Where the bot's message is: the account that sent it, the chat, the id that account sees. */
export interface AnswerKey {
  account: string;
  chatId: number;
  messageId: number;
}

export interface AnsweredMessage {
  agent: string;
  page: { path: string; title: string };
  /** The forum topic the answer went to (a topic's rules decide whose reactions count there). */
  threadId?: number | undefined;
  /** The chat is a forum: an answer without `threadId` is in General. */
  forum?: boolean | undefined;
  /** When the answer was sent, ms. */
  at: number;
  /** The votes cast on it, by voter key (a salted hash: never a user id). */
  votes: Record<string, Vote>;
}

export interface AnswerMapOptions {
  file: string;
  /** Most answers kept; the oldest go first (default 5,000). */
  maxEntries?: number;
  /** Answers older than this are forgotten: a reaction on them is not counted (default 7 days). */
  maxAgeMs?: number;
  /** Writes are gathered for this long before the file is written (default 1 s). */
  saveDelayMs?: number;
  now?: () => number;
  /** A file that could not be read (kept aside) or written. */
  onProblem?: (problem: { code: Extract<StateCode, `answer-map-${string}`>; detail: string }) => void;
}

export interface AnswerMap {
  /** Remembers the page (and agent) a bot's message answered with. */
  remember(key: AnswerKey, answer: Pick<AnsweredMessage, "agent" | "page" | "threadId" | "forum">): void;
  /** The answer a message carried, while it is kept. */
  find(key: AnswerKey): AnsweredMessage | undefined;
  /**
   * Sets a user's vote on a kept answer (0 withdraws it) and returns the vote it replaces (0 for
   * none); undefined when the answer is not kept. The user is kept only as a salted hash.
   */
  vote(key: AnswerKey, userId: number, vote: Vote | 0): Vote | 0 | undefined;
  size(): number;
  /** Writes pending changes now. */
  flush(): Promise<void>;
}

const AnswerEntrySchema = z.strictObject({
  /** The message's key, hashed: a private chat's id is its user's id, which the file never holds. */
  key: z.string().min(1),
  agent: z.string().min(1),
  page: z.strictObject({ path: z.string(), title: z.string() }),
  threadId: z.number().int().positive().optional(),
  forum: z.boolean().optional(),
  at: z.number(),
  votes: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])),
});
const AnswerFileSchema = z.strictObject({
  v: z.literal(1),
  salt: z.string().min(16),
  answers: z.array(AnswerEntrySchema),
});

/**
 * The bot's recent answers (account, chat, message id → agent and page), so that a reaction
 * arriving later is counted against the page that answered, once per user. Bounded by count and
 * age; kept in the state directory (written atomically, a second after a change, and on flush),
 * so it survives a restart. A file that is not this format is renamed `<file>.corrupt-<time>`
 * and the map starts empty. Messages and voters are kept only as hashes salted with a secret of
 * this file (a private chat's id is its user's id), voters per answer and only as long as the
 * answer is kept.
 */
export function openAnswerMap(options: AnswerMapOptions): AnswerMap {
  const maxEntries = options.maxEntries ?? 5_000;
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3_600_000;
  const saveDelayMs = options.saveDelayMs ?? 1_000;
  const now = options.now ?? Date.now;
  const loaded = load(options);
  const salt = loaded.salt;
  const hash = (text: string) => createHash("sha256").update(`${salt}|${text}`).digest("hex").slice(0, 24);
  const keyOf = (k: AnswerKey) => hash(`${k.account}|${k.chatId}|${k.messageId}`);
  const entries = new Map<string, AnsweredMessage & { key: string }>();
  for (const entry of loaded.answers) entries.set(entry.key, entry);
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;

  const voterKey = (key: AnswerKey, userId: number) => hash(`${key.account}|${key.chatId}|voter|${userId}`);

  function prune(): void {
    const oldest = now() - maxAgeMs;
    for (const [k, entry] of entries) {
      if (entries.size <= maxEntries && entry.at >= oldest) break;
      entries.delete(k);
    }
  }

  function changed(): void {
    dirty = true;
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, saveDelayMs);
    timer.unref();
  }

  function save(): Promise<void> {
    if (!dirty) return writing;
    dirty = false;
    const body = { v: 1, salt, answers: [...entries.values()] };
    writing = writing
      .then(() => writeJsonAtomic(options.file, body))
      .catch((error: unknown) => {
        dirty = true;
        options.onProblem?.({ code: "answer-map-write", detail: String(error) });
      });
    return writing;
  }

  function find(key: AnswerKey): (AnsweredMessage & { key: string }) | undefined {
    const entry = entries.get(keyOf(key));
    return entry && entry.at >= now() - maxAgeMs ? entry : undefined;
  }

  prune();
  return {
    remember(key, answer) {
      const k = keyOf(key);
      entries.delete(k);
      entries.set(k, {
        key: k,
        agent: answer.agent,
        page: { ...answer.page },
        ...(answer.threadId !== undefined ? { threadId: answer.threadId } : {}),
        ...(answer.forum !== undefined ? { forum: answer.forum } : {}),
        at: now(),
        votes: {},
      });
      prune();
      changed();
    },
    find,
    vote(key, userId, vote) {
      const entry = find(key);
      if (!entry) return undefined;
      const voter = voterKey(key, userId);
      const previous = entry.votes[voter] ?? 0;
      if (previous === vote) return previous;
      if (vote === 0) delete entry.votes[voter];
      else entry.votes[voter] = vote;
      changed();
      return previous;
    },
    size: () => entries.size,
    flush() {
      clearTimeout(timer);
      timer = undefined;
      return save();
    },
  };
}

function load(options: AnswerMapOptions): z.infer<typeof AnswerFileSchema> {
  const fresh = () => ({ v: 1 as const, salt: randomBytes(16).toString("hex"), answers: [] });
  let text: string;
  try {
    text = readFileSync(options.file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fresh();
    options.onProblem?.({ code: "answer-map-corrupt", detail: String(error) });
    return fresh();
  }
  let problem: string;
  try {
    const parsed = AnswerFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    problem = parsed.error.issues[0]?.message ?? "invalid";
  } catch (error) {
    problem = `not JSON (${(error as Error).message})`;
  }
  const kept = `${options.file}.corrupt-${keptStamp()}`;
  try {
    renameSync(options.file, kept);
  } catch {
    // Nothing to keep aside: the next write replaces it.
  }
  options.onProblem?.({ code: "answer-map-corrupt", detail: `${problem}; kept as ${kept}` });
  return fresh();
}
