import type { ChatType } from "./inbound-message.js";

/**
 * A user's reaction on a message changed (Telegram's `message_reaction`), as the gateway reads it:
 * which message, who, and the emoji before and after. Custom emoji and paid reactions are left out
 * of the lists (they never count as feedback). No grammY type crosses this boundary.
 */
export interface ReactionEvent {
  account: string;
  updateId: number;
  chatId: number;
  chatType: ChatType;
  /** The message reacted to, as the receiving bot numbers it. */
  messageId: number;
  /** The reacting user; absent for an anonymous reaction on behalf of a chat (`actor_chat`). */
  userId?: number;
  userIsBot: boolean;
  /** `actor_chat`: the chat (an anonymous admin's group, or a channel) the reaction was made as. */
  actorChatId?: number;
  /** The user's emoji reactions before and after the change (`old_reaction`, `new_reaction`). */
  oldEmoji: string[];
  newEmoji: string[];
  /** Unix seconds, as Telegram sent it. */
  date: number;
}
