import { z } from "zod";
import {
  ANSWER_KEEP_MS,
  type AnswerMessage,
  CONVERSATION_KEEP_MS,
  type ConversationStore,
  type ConversationTurn,
  type Earlier,
  TURNS_KEPT,
} from "../core/conversation.js";
import type { RedisConnection } from "./redis-connection.js";
import type { RedisKeys } from "./redis-keys.js";

const TurnsSchema = z.array(
  z.strictObject({
    question: z.string(),
    searched: z.string().optional(),
    pages: z.array(z.strictObject({ path: z.string(), locale: z.string(), title: z.string() })),
    at: z.number(),
  }),
);

/**
 * Conversations in Redis (cluster mode), shared by every replica, so that the replica taking an
 * account over mid-conversation follows it up: one STRING per conversation
 * (`keys.conversation(key)`) and one per answer message (`keys.conversationAnswer(…)`), each the
 * JSON of its last turns, expiring after CONVERSATION_KEEP_MS and ANSWER_KEEP_MS (Redis bounds
 * them by time; `maxmemory` by size). A value that is not turns reads as none. Commands that fail
 * reject (the caller answers alone).
 */
export function createRedisConversations(options: {
  client: RedisConnection;
  keys: RedisKeys;
  now?: () => number;
}): ConversationStore {
  const { client, keys } = options;
  const now = options.now ?? Date.now;
  const read = async (key: string): Promise<Earlier> => {
    const value = await client.get(key);
    if (value === null) return [];
    const parsed = TurnsSchema.safeParse(parseJson(value));
    return parsed.success ? (parsed.data as ConversationTurn[]) : [];
  };
  const answerKey = (m: AnswerMessage) => keys.conversationAnswer(m.account, m.chatId, m.messageId);
  return {
    async earlier(key, quietMs) {
      const turns = await read(keys.conversation(key));
      const last = turns.at(-1);
      return last !== undefined && now() - last.at <= quietMs ? turns : [];
    },
    chain: (message) => read(answerKey(message)),
    async add(key, turn, before, answers) {
      const value = JSON.stringify([...before, turn].slice(-TURNS_KEPT));
      const multi = client.multi().set(keys.conversation(key), value, { PX: CONVERSATION_KEEP_MS });
      for (const answer of answers) multi.set(answerKey(answer), value, { PX: ANSWER_KEEP_MS });
      await multi.exec();
    },
    async forget(key) {
      await client.del(keys.conversation(key));
    },
    flush: () => Promise.resolve(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
