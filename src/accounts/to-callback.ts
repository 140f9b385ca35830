import type { BotIdentity, ChatType, InboundMessage } from "../core/inbound-message.js";

interface RawCallbackQuery {
  id?: unknown;
  data?: unknown;
  from?: { id?: unknown; is_bot?: unknown; username?: unknown; first_name?: unknown; last_name?: unknown };
  message?: {
    message_id?: unknown;
    date?: unknown;
    chat?: { id?: unknown; type?: unknown; title?: unknown };
    from?: { id?: unknown };
    message_thread_id?: unknown;
  };
}

const CHAT_TYPES = new Set<ChatType>(["private", "group", "supergroup"]);

/**
 * A `callback_query` (a tap on a button of one of the bot's messages) as an InboundMessage, so it
 * goes through the same policy as a message: the tapping user is the sender, the chat is the
 * tapped message's chat. Undefined for a query without a usable message or data (inline-mode
 * messages, game buttons), or on a message the bot did not send. Never throws.
 */
export function callbackToInbound(
  update: Record<string, unknown>,
  bot: BotIdentity,
  account: string,
): InboundMessage | undefined {
  const query = update.callback_query as RawCallbackQuery | undefined;
  if (!query || typeof query !== "object") return undefined;
  const message = query.message;
  const chat = message?.chat;
  if (typeof query.id !== "string" || typeof query.data !== "string") return undefined;
  if (typeof chat?.id !== "number" || !CHAT_TYPES.has(chat.type as ChatType)) return undefined;
  if (typeof message?.message_id !== "number" || message.from?.id !== bot.id) return undefined;
  const from = query.from && typeof query.from === "object" ? query.from : undefined;
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
  const msg: InboundMessage = {
    account,
    updateId: Number(update.update_id),
    messageId: message.message_id,
    chatId: chat.id,
    chatType: chat.type as ChatType,
    senderIsBot: from?.is_bot === true,
    text: "",
    date: typeof message.date === "number" ? message.date : 0,
    mentionsBot: false,
    repliesToBot: true,
    args: "",
    callback: { id: query.id, data: query.data },
  };
  if (typeof chat.title === "string") msg.chatTitle = chat.title;
  if (typeof from?.id === "number") msg.senderId = from.id;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  if (senderName !== "") msg.senderName = senderName;
  if (typeof message.message_thread_id === "number") msg.threadId = message.message_thread_id;
  return msg;
}
