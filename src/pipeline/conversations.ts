import type { AgentSettings } from "../agents/agent-settings.js";
import type { ConversationStore, Earlier } from "../core/conversation.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { Reply } from "../core/reply.js";
import { leansOn } from "../agents/follow-up.js";

/**
 * The conversation a message belongs to: a private chat; in a group, one member in one topic (two
 * people asking in the same group do not mix). A reply to one of the bot's answers follows that
 * answer's chain instead (`Conversations.earlier`).
 */
export function conversationKey(msg: InboundMessage): string {
  const base = `${msg.account}|${msg.chatId}`;
  if (msg.chatType === "private") return base;
  return `${base}|${msg.threadId ?? 0}|${msg.senderId ?? msg.senderChatId ?? 0}`;
}

/** `/new` without arguments: the sender's conversation starts over (with arguments it creates a page). */
export const startsOver = (msg: InboundMessage): boolean => msg.command === "new" && msg.args.trim() === "";

/** The conversation side of the answer step: what a question follows up, and keeping its turn. */
export interface Conversations {
  /**
   * The turns a question follows up: for a reply to one of the bot's answers, the turns that led
   * to it (however long ago, while held); else, when the message leans on the one before
   * (agents/follow-up.ts `leansOn`), its conversation's, unless quiet longer than the agent's
   * `conversationMinutes`. A message that stands on its own gets none: it is asked as if first.
   */
  earlier(msg: InboundMessage, agent: AgentSettings): Promise<Earlier>;
  /** Keeps the question's turn after its reply was sent (`sent`: the reply's message ids). */
  record(msg: InboundMessage, earlier: Earlier, reply: Reply, sent: readonly number[]): Promise<void>;
  /** `/new`: the sender's conversation starts over. */
  startOver(msg: InboundMessage): Promise<void>;
}

/**
 * Conversations over a store. Only questions make turns: answers, choices and "nothing found"
 * (a follow-up of what found nothing is still about it); commands and errors do not. A store
 * failure never stops an answer: the question is answered alone and the failure goes to `onError`.
 */
export function createConversations(deps: {
  store: ConversationStore;
  now?: () => number;
  onError?: (error: unknown) => void;
}): Conversations {
  const now = deps.now ?? Date.now;
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      deps.onError?.(error);
      return fallback;
    }
  };
  return {
    earlier: (msg, agent) =>
      safely(async () => {
        if (msg.repliesToBot && msg.repliedToId !== undefined) {
          const chain = await deps.store.chain({
            account: msg.account,
            chatId: msg.chatId,
            messageId: msg.repliedToId,
          });
          if (chain.length > 0) return chain;
        }
        if (agent.conversationQuietMs <= 0 || !leansOn(msg.args)) return [];
        return deps.store.earlier(conversationKey(msg), agent.conversationQuietMs);
      }, [] as Earlier),
    record: (msg, earlier, reply, sent) =>
      safely(async () => {
        const pages =
          reply.kind === "answer"
            ? reply.page
              ? [reply.page]
              : []
            : reply.kind === "choices"
              ? reply.choices
              : reply.kind === "not-found"
                ? []
                : undefined;
        if (pages === undefined || msg.command !== undefined) return;
        const searched =
          "searched" in reply && reply.searched !== undefined ? { searched: reply.searched } : {};
        const turn = { question: msg.args, ...searched, pages, at: now() };
        const answers = sent.map((messageId) => ({ account: msg.account, chatId: msg.chatId, messageId }));
        await deps.store.add(conversationKey(msg), turn, earlier, answers);
      }, undefined),
    startOver: (msg) => safely(() => deps.store.forget(conversationKey(msg)), undefined),
  };
}
