import type { Message, MessageEntity, Update, User } from "grammy/types";
import { type AddressingInput, detectAddressing } from "./addressing.js";
import { callbackToInbound } from "./to-callback.js";
import type { BotIdentity, ChatType, InboundMessage } from "../core/inbound-message.js";

/** The update kinds the gateway asks for (always passed: Telegram remembers the last list). */
export const ALLOWED_UPDATES = ["message", "edited_message", "channel_post", "callback_query"] as const;

const CHAT_TYPES: ReadonlySet<unknown> = new Set<ChatType>(["private", "group", "supergroup", "channel"]);

/**
 * Reduces a Telegram update to an InboundMessage, or undefined for updates the gateway does not
 * answer (edits, unknown kinds, malformed messages). A button tap becomes one too
 * (to-callback.ts). Never throws, whatever the update holds: the types say what Telegram
 * promises, but every field is checked before use (an update read back from the journal, or sent
 * by a stand-in, is only checked for its envelope).
 */
export function toInboundMessage(
  update: Update,
  bot: BotIdentity,
  account: string,
): InboundMessage | undefined {
  if (update.callback_query !== undefined) return callbackToInbound(update, bot, account);
  const channelPost: Message | undefined = update.channel_post;
  const raw: Message | undefined = update.message ?? channelPost;
  if (!isObject(raw)) return undefined;
  const chat = isObject(raw.chat) ? raw.chat : undefined;
  const chatId = chat?.id;
  const chatType = chat?.type;
  if (typeof chatId !== "number" || !isChatType(chatType)) return undefined;
  const text = typeof raw.text === "string" ? raw.text : typeof raw.caption === "string" ? raw.caption : "";
  const from: User | undefined = isObject(raw.from) ? raw.from : undefined;
  const replyFrom = isObject(raw.reply_to_message) ? raw.reply_to_message.from : undefined;
  const addressingInput: AddressingInput = {
    text,
    entities: entitiesOf(raw.entities) ?? entitiesOf(raw.caption_entities) ?? [],
    ...(isObject(replyFrom) && typeof replyFrom.id === "number"
      ? { reply_to_message: { from: { id: replyFrom.id } } }
      : {}),
  };
  const addressing = detectAddressing(addressingInput, bot);
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
  const msg: InboundMessage = {
    account,
    updateId: update.update_id,
    messageId: typeof raw.message_id === "number" ? raw.message_id : 0,
    chatId,
    chatType: channelPost ? "channel" : chatType,
    senderIsBot: from?.is_bot === true,
    text,
    date: typeof raw.date === "number" ? raw.date : 0,
    mentionsBot: addressing.mentionsBot,
    repliesToBot: addressing.repliesToBot,
    args: addressing.args,
  };
  if (typeof chat?.title === "string") msg.chatTitle = chat.title;
  if (typeof from?.id === "number" && !channelPost) msg.senderId = from.id;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  if (senderName !== "") msg.senderName = senderName;
  if (addressing.command !== undefined) msg.command = addressing.command;
  if (typeof raw.message_thread_id === "number") msg.threadId = raw.message_thread_id;
  return msg;
}

function isObject<T>(value: T | undefined): value is T {
  return typeof value === "object" && value !== null;
}

function isChatType(value: unknown): value is ChatType {
  return CHAT_TYPES.has(value);
}

/** Entities as given, when they are a list; each one is checked by `detectAddressing`. */
function entitiesOf(value: MessageEntity[] | undefined): MessageEntity[] | undefined {
  return Array.isArray(value) ? value : undefined;
}
