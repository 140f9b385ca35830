import type { Message, MessageEntity, Update, User } from "grammy/types";
import { type AddressingInput, detectAddressing } from "./addressing.js";
import { mediaFileOf } from "./media-file-of.js";
import { mediaKind, serviceKind } from "./message-kind.js";
import { callbackToInbound } from "./to-callback.js";
import {
  type BotIdentity,
  type ChatType,
  GENERAL_TOPIC,
  type InboundMessage,
} from "../core/inbound-message.js";

/** The update kinds the gateway asks for (always passed: Telegram remembers the last list). */
export const ALLOWED_UPDATES = [
  "message",
  "edited_message",
  "channel_post",
  "callback_query",
  "my_chat_member",
  "inline_query",
  "chosen_inline_result",
  "message_reaction",
  "stopped_message_generation",
] as const;

/** `from` of an anonymous group admin's message. */
export const GROUP_ANONYMOUS_BOT_ID = 1087968824;

const CHAT_TYPES: ReadonlySet<unknown> = new Set<ChatType>(["private", "group", "supergroup", "channel"]);

/**
 * Reduces a Telegram update to an InboundMessage, or undefined for updates the gateway does not
 * answer (channel post edits, unknown kinds, malformed messages, a result sent through this bot's
 * inline mode). A button tap becomes one too (to-callback.ts), and so does an edited message
 * (`editDate` set; same `messageId` as the original). Never throws, whatever the update holds:
 * the types say what Telegram promises, but every field is checked before use (an update read
 * back from the journal, or sent by a stand-in, is only checked for its envelope).
 *
 * What real groups send is read too: service messages and automatic forwards (which never reply
 * to the bot), `sender_chat` (a channel, or the group for an anonymous admin, neither of which has
 * a user id to check), media (a caption counts as text), forum topics (a thread id only for a
 * topic message, never General) and group upgrades.
 */
export function toInboundMessage(
  update: Update,
  bot: BotIdentity,
  account: string,
): InboundMessage | undefined {
  if (update.callback_query !== undefined) return callbackToInbound(update, bot, account);
  const channelPost: Message | undefined = update.channel_post;
  const edited: Message | undefined = update.edited_message;
  const raw: Message | undefined = update.message ?? channelPost ?? edited;
  if (!isObject(raw)) return undefined;
  const chat = isObject(raw.chat) ? raw.chat : undefined;
  const chatId = chat?.id;
  const chatType = chat?.type;
  if (typeof chatId !== "number" || !isChatType(chatType)) return undefined;
  // A user's message sent through this bot's inline mode is the bot's own result, not a question.
  if (isObject(raw.via_bot) && raw.via_bot.id === bot.id) return undefined;
  const text = textOf(raw);
  const from: User | undefined = isObject(raw.from) ? raw.from : undefined;
  const service = serviceKind(raw);
  const media = mediaKind(raw);
  const automaticForward = raw.is_automatic_forward === true;
  const reply: Message | undefined = isObject(raw.reply_to_message) ? raw.reply_to_message : undefined;
  const replyFrom = reply && isObject(reply.from) ? reply.from : undefined;
  const replyIsService = reply !== undefined && serviceKind(reply) !== undefined;
  const addressingInput: AddressingInput = {
    text,
    entities: entitiesOf(raw.entities) ?? entitiesOf(raw.caption_entities) ?? [],
    ...(typeof replyFrom?.id === "number"
      ? { reply_to_message: { from: { id: replyFrom.id }, isService: replyIsService } }
      : {}),
    notAReply: service !== undefined || automaticForward,
  };
  const addressing = detectAddressing(addressingInput, bot);
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
  const senderChat = isObject(raw.sender_chat) ? raw.sender_chat : undefined;
  const senderChatId = typeof senderChat?.id === "number" ? senderChat.id : undefined;
  const msg: InboundMessage = {
    account,
    updateId: Number(update.update_id),
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
  if (edited && raw === edited) msg.editDate = typeof raw.edit_date === "number" ? raw.edit_date : msg.date;
  if (chat?.is_forum === true) msg.forum = true;
  // A chat posting (a channel, or the group for an anonymous admin) has no user behind it to check.
  if (typeof from?.id === "number" && !channelPost && senderChatId === undefined) msg.senderId = from.id;
  if (senderChatId !== undefined) msg.senderChatId = senderChatId;
  if (from?.id === GROUP_ANONYMOUS_BOT_ID && senderChatId === chatId) msg.anonymousAdmin = true;
  if (automaticForward) msg.automaticForward = true;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  // Only a user's own language: a channel or a group posting speaks for nobody in particular.
  if (msg.senderId !== undefined && typeof from?.language_code === "string" && from.language_code !== "")
    msg.languageCode = from.language_code;
  if (senderName !== "") msg.senderName = senderName;
  if (addressing.command !== undefined) msg.command = addressing.command;
  if (addressing.commandNamesBot) msg.commandNamesBot = true;
  if (addressing.commandForOtherBot) msg.commandForOtherBot = true;
  if (service !== undefined) {
    msg.content = "service";
    msg.contentKind = service;
  } else if (media !== undefined) {
    msg.content = text === "" ? "media" : "caption";
    msg.contentKind = media;
    const file = mediaFileOf(raw);
    if (file) msg.media = file;
  }
  const thread = raw.message_thread_id;
  // Only a forum topic takes a thread id back; General (1) and reply chains refuse one.
  if (raw.is_topic_message === true && typeof thread === "number" && thread !== GENERAL_TOPIC) {
    msg.threadId = thread;
  }
  if (addressing.repliesToBot && typeof reply?.message_id === "number") msg.repliedToId = reply.message_id;
  if (typeof raw.migrate_to_chat_id === "number") msg.migrateToChatId = raw.migrate_to_chat_id;
  if (typeof raw.migrate_from_chat_id === "number") msg.migrateFromChatId = raw.migrate_from_chat_id;
  const replied = reply ? textOf(reply) : "";
  const replyToOther = typeof replyFrom?.id === "number" && replyFrom.id !== bot.id;
  if (replied.trim() !== "" && replyToOther && !replyIsService) msg.repliedText = replied;
  return msg;
}

function textOf(raw: Message): string {
  return typeof raw.text === "string" ? raw.text : typeof raw.caption === "string" ? raw.caption : "";
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
