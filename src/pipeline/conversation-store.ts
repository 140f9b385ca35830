import {
  ANSWER_KEEP_MS,
  type AnswerMessage,
  CONVERSATION_KEEP_MS,
  type ConversationStore,
  type ConversationTurn,
  type Earlier,
  TURNS_KEPT,
} from "../core/conversation.js";
import type { PageRef } from "../core/reply.js";
import type { ConversationFile, SavedConversations, SavedTurn } from "../state/conversation-file.js";

export interface MemoryStoreOptions {
  file?: ConversationFile;
  /** Most conversations held; the least recently asked go first. */
  maxConversations?: number;
  /** Most answer messages held; the oldest go first. */
  maxAnswers?: number;
  now?: () => number;
  /** A save failed: the store goes on in memory (called once per streak of failures). */
  onError?: (error: unknown) => void;
  /** Saves are gathered: at most one per this many ms (and at `flush`). */
  saveEveryMs?: number;
}

/**
 * The conversations in memory, bounded (by count, and by time at each save), saved whole to the
 * file at most once per `saveEveryMs` and at `flush` (a crash loses at most that much). What the
 * file held is read first (every call waits for it); a file that cannot be read goes to `onError`
 * and the store starts empty.
 */
export function createMemoryConversations(options: MemoryStoreOptions = {}): ConversationStore {
  const now = options.now ?? Date.now;
  const maxConversations = options.maxConversations ?? 10_000;
  const maxAnswers = options.maxAnswers ?? 20_000;
  const conversations = new Map<string, Earlier>();
  const answers = new Map<string, Earlier>();
  const loaded = (options.file?.load() ?? Promise.resolve(undefined)).then(
    (saved) => saved && restore(saved, conversations, answers),
    (error: unknown) => options.onError?.(error),
  );
  const put = (map: Map<string, Earlier>, key: string, turns: Earlier, max: number) => {
    map.delete(key);
    map.set(key, turns);
    while (map.size > max) map.delete(map.keys().next().value!);
  };
  const saver =
    options.file && createSaver(options.file, () => snapshot(conversations, answers, now()), options);
  return {
    earlier: async (key, quietMs) => {
      await loaded;
      const turns = conversations.get(key) ?? [];
      const last = turns.at(-1);
      return last !== undefined && now() - last.at <= quietMs ? turns : [];
    },
    chain: async (message) => {
      await loaded;
      return answers.get(answerKey(message)) ?? [];
    },
    add: async (key, turn, before, messages) => {
      await loaded;
      const turns = [...before, turn].slice(-TURNS_KEPT);
      put(conversations, key, turns, maxConversations);
      for (const message of messages) put(answers, answerKey(message), turns, maxAnswers);
      saver?.soon();
    },
    forget: async (key) => {
      await loaded;
      if (conversations.delete(key)) saver?.soon();
    },
    flush: async () => {
      await loaded;
      await (saver?.now() ?? Promise.resolve());
    },
  };
}

const answerKey = (m: AnswerMessage) => `${m.account}\u0000${m.chatId}\u0000${m.messageId}`;

/** Saves gathered in time, one at a time; a failure goes to onError once per streak. */
function createSaver(
  file: ConversationFile,
  current: () => SavedConversations,
  options: Pick<MemoryStoreOptions, "onError" | "saveEveryMs">,
) {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failing = false;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing
      .then(() => file.save(current()))
      .then(
        () => void (failing = false),
        (error: unknown) => {
          if (!failing) options.onError?.(error);
          failing = true;
        },
      );
    return writing;
  };
  return {
    soon() {
      timer ??= setTimeout(write, options.saveEveryMs ?? 1000);
      timer.unref?.();
    },
    now: write,
  };
}

/** What is held, each turn once, without what has expired. */
function snapshot(
  conversations: Map<string, Earlier>,
  answers: Map<string, Earlier>,
  at: number,
): SavedConversations {
  const turns: SavedTurn[] = [];
  const numbers = new Map<object, number>();
  const number = (turn: ConversationTurn) => {
    let n = numbers.get(turn);
    if (n === undefined) {
      n = turns.push(savedTurn(turn)) - 1;
      numbers.set(turn, n);
    }
    return n;
  };
  const live = (map: Map<string, Earlier>, keepMs: number) =>
    [...map]
      .filter(([, t]) => at - (t.at(-1)?.at ?? 0) <= keepMs)
      .map(([key, t]): [string, number[]] => [key, t.map(number)]);
  return {
    v: 1,
    conversations: live(conversations, CONVERSATION_KEEP_MS),
    answers: live(answers, ANSWER_KEEP_MS),
    turns,
  };
}

function restore(
  saved: SavedConversations,
  conversations: Map<string, Earlier>,
  answers: Map<string, Earlier>,
) {
  const turns = saved.turns.map(turnOf);
  for (const [key, numbers] of saved.conversations)
    conversations.set(
      key,
      numbers.map((n) => turns[n]!),
    );
  for (const [key, numbers] of saved.answers)
    answers.set(
      key,
      numbers.map((n) => turns[n]!),
    );
}

const savedTurn = (turn: ConversationTurn): SavedTurn => ({
  q: turn.question,
  ...(turn.searched === undefined ? {} : { s: turn.searched }),
  p: turn.pages.map((p) => [p.path, p.locale, p.title]),
  t: turn.at,
});

function turnOf(saved: SavedTurn): ConversationTurn {
  const pages: PageRef[] = saved.p.map(([path, locale, title]) => ({ path, locale, title }));
  return { question: saved.q, ...(saved.s === undefined ? {} : { searched: saved.s }), pages, at: saved.t };
}
