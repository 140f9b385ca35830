import type { Update } from "grammy/types";
import type { ChatType } from "../core/inbound-message.js";
import type { ReactionEvent } from "../core/reaction-event.js";

const CHAT_TYPES: ReadonlySet<unknown> = new Set<ChatType>(["private", "group", "supergroup"]);

/**
 * Reduces a `message_reaction` update to a ReactionEvent, or undefined for anything else (and for
 * one without a usable chat, message id or reactor). Pure; never throws: every field is checked
 * before use, whatever the types promise (an update read back from the journal, or sent by a
 * stand-in, is only checked for its envelope).
 */
export function toReactionEvent(update: Update, account: string): ReactionEvent | undefined {
  const raw = update.message_reaction;
  if (typeof raw !== "object" || raw === null) return undefined;
  const chat = typeof raw.chat === "object" && raw.chat !== null ? raw.chat : undefined;
  if (typeof chat?.id !== "number" || !CHAT_TYPES.has(chat.type)) return undefined;
  if (typeof raw.message_id !== "number") return undefined;
  const user = typeof raw.user === "object" && raw.user !== null ? raw.user : undefined;
  const actor = typeof raw.actor_chat === "object" && raw.actor_chat !== null ? raw.actor_chat : undefined;
  const userId = typeof user?.id === "number" ? user.id : undefined;
  const actorChatId = typeof actor?.id === "number" ? actor.id : undefined;
  if (userId === undefined && actorChatId === undefined) return undefined;
  const event: ReactionEvent = {
    account,
    updateId: Number(update.update_id),
    chatId: chat.id,
    chatType: chat.type as ChatType,
    messageId: raw.message_id,
    userIsBot: user?.is_bot === true,
    oldEmoji: emojiOf(raw.old_reaction),
    newEmoji: emojiOf(raw.new_reaction),
    date: typeof raw.date === "number" ? raw.date : 0,
  };
  if (userId !== undefined) event.userId = userId;
  if (actorChatId !== undefined) event.actorChatId = actorChatId;
  return event;
}

/** The emoji of a ReactionType list; custom emoji, paid reactions and malformed entries are dropped. */
function emojiOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { type, emoji } = item as { type?: unknown; emoji?: unknown };
    if (type === "emoji" && typeof emoji === "string" && emoji !== "") out.push(emoji);
  }
  return out;
}
