import type { Update } from "grammy/types";
import {
  type BotIdentity,
  type ChatType,
  GENERAL_TOPIC,
  type InboundMessage,
} from "../core/inbound-message.js";

const CHAT_TYPES: ReadonlySet<unknown> = new Set<ChatType>(["private", "group", "supergroup"]);

/**
 * A `callback_query` (a tap on a button of one of the bot's messages) as an InboundMessage, so it
 * goes through the same policy as a message: the tapping user is the sender, the chat is the
 * tapped message's chat. Undefined for a query without a usable message or data (inline-mode
 * messages, game buttons), or on a message the bot did not send. Never throws: every field is
 * checked before use, whatever the types promise.
 */
export function callbackToInbound(
  update: Update,
  bot: BotIdentity,
  account: string,
): InboundMessage | undefined {
  const query = update.callback_query;
  if (typeof query !== "object" || query === null) return undefined;
  const message = typeof query.message === "object" && query.message !== null ? query.message : undefined;
  const chat = typeof message?.chat === "object" && message.chat !== null ? message.chat : undefined;
  if (typeof query.id !== "string" || typeof query.data !== "string") return undefined;
  if (typeof chat?.id !== "number" || !CHAT_TYPES.has(chat.type)) return undefined;
  if (!message || typeof message.message_id !== "number" || !("from" in message)) return undefined;
  if (message.from?.id !== bot.id) return undefined;
  const from = typeof query.from === "object" && query.from !== null ? query.from : undefined;
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
  const msg: InboundMessage = {
    account,
    updateId: update.update_id,
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
  if ("title" in chat && typeof chat.title === "string") msg.chatTitle = chat.title;
  if (typeof from?.id === "number") msg.senderId = from.id;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  if (typeof from?.language_code === "string" && from.language_code !== "")
    msg.languageCode = from.language_code;
  if (senderName !== "") msg.senderName = senderName;
  if ("is_forum" in chat && chat.is_forum === true) msg.forum = true;
  // As for a message: only a forum topic's id is answered to (not General's, not a reply chain's).
  const thread = "message_thread_id" in message ? message.message_thread_id : undefined;
  const inTopic = "is_topic_message" in message && message.is_topic_message === true;
  if (inTopic && typeof thread === "number" && thread !== GENERAL_TOPIC) msg.threadId = thread;
  return msg;
}
