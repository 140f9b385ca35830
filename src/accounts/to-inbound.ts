import { detectAddressing } from "./addressing.js";
import { mediaKind, serviceKind } from "./message-kind.js";
import type { BotIdentity, ChatType, InboundMessage } from "../core/inbound-message.js";

/** The update kinds the gateway asks for (always passed: Telegram remembers the last list). */
export const ALLOWED_UPDATES = ["message", "edited_message", "channel_post", "my_chat_member"] as const;

/** `from` of an anonymous group admin's message. */
export const GROUP_ANONYMOUS_BOT_ID = 1087968824;

interface RawUser {
  id?: unknown;
  is_bot?: unknown;
  username?: unknown;
  first_name?: unknown;
  last_name?: unknown;
}

interface RawMessage {
  message_id?: unknown;
  date?: unknown;
  text?: unknown;
  caption?: unknown;
  entities?: unknown;
  caption_entities?: unknown;
  chat?: { id?: unknown; type?: unknown; title?: unknown; is_forum?: unknown };
  from?: RawUser;
  sender_chat?: { id?: unknown };
  reply_to_message?: RawMessage;
  message_thread_id?: unknown;
  is_topic_message?: unknown;
  is_automatic_forward?: unknown;
  migrate_to_chat_id?: unknown;
  migrate_from_chat_id?: unknown;
}

const CHAT_TYPES = new Set<ChatType>(["private", "group", "supergroup", "channel"]);
const GENERAL_TOPIC = 1;

/**
 * Reduces a raw Telegram update to an InboundMessage, or undefined for updates the gateway does
 * not answer (edits, unknown kinds, malformed messages). Never throws, whatever the update holds.
 */
export function toInboundMessage(
  update: Record<string, unknown>,
  bot: BotIdentity,
  account: string,
): InboundMessage | undefined {
  const channelPost = update.channel_post as RawMessage | undefined;
  const raw = (update.message as RawMessage | undefined) ?? channelPost;
  if (!raw || typeof raw !== "object") return undefined;
  const chat = raw.chat;
  const chatId = chat?.id;
  const chatType = chat?.type;
  if (typeof chatId !== "number" || !CHAT_TYPES.has(chatType as ChatType)) return undefined;
  const text = textOf(raw);
  const from = raw.from && typeof raw.from === "object" ? raw.from : undefined;
  const service = serviceKind(raw);
  const media = mediaKind(raw);
  const automaticForward = raw.is_automatic_forward === true;
  const reply =
    raw.reply_to_message && typeof raw.reply_to_message === "object" ? raw.reply_to_message : undefined;
  const replyFrom = reply?.from;
  const replyIsService = reply !== undefined && serviceKind(reply) !== undefined;
  const addressing = detectAddressing(
    {
      text,
      entities: Array.isArray(raw.entities)
        ? raw.entities
        : Array.isArray(raw.caption_entities)
          ? raw.caption_entities
          : [],
      ...(typeof replyFrom?.id === "number"
        ? { reply_to_message: { from: { id: replyFrom.id }, isService: replyIsService } }
        : {}),
      notAReply: service !== undefined || automaticForward,
    } as Parameters<typeof detectAddressing>[0],
    bot,
  );
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
  const senderChatId = typeof raw.sender_chat?.id === "number" ? raw.sender_chat.id : undefined;
  const anonymousAdmin = from?.id === GROUP_ANONYMOUS_BOT_ID && senderChatId === chatId;
  const msg: InboundMessage = {
    account,
    updateId: Number(update.update_id),
    messageId: typeof raw.message_id === "number" ? raw.message_id : 0,
    chatId,
    chatType: channelPost ? "channel" : (chatType as ChatType),
    senderIsBot: from?.is_bot === true,
    text,
    date: typeof raw.date === "number" ? raw.date : 0,
    mentionsBot: addressing.mentionsBot,
    repliesToBot: addressing.repliesToBot,
    args: addressing.args,
  };
  if (typeof chat?.title === "string") msg.chatTitle = chat.title;
  // A chat posting (a channel, or the group for an anonymous admin) has no user behind it to check.
  if (typeof from?.id === "number" && !channelPost && senderChatId === undefined) msg.senderId = from.id;
  if (senderChatId !== undefined) msg.senderChatId = senderChatId;
  if (anonymousAdmin) msg.anonymousAdmin = true;
  if (automaticForward) msg.automaticForward = true;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  if (senderName !== "") msg.senderName = senderName;
  if (addressing.command !== undefined) msg.command = addressing.command;
  if (addressing.commandForOtherBot) msg.commandForOtherBot = true;
  if (service !== undefined) {
    msg.content = "service";
    msg.contentKind = service;
  } else if (media !== undefined) {
    msg.content = text === "" ? "media" : "caption";
    msg.contentKind = media;
  }
  const thread = raw.message_thread_id;
  // Only a forum topic takes a thread id back; General (1) and reply chains refuse one.
  if (raw.is_topic_message === true && typeof thread === "number" && thread !== GENERAL_TOPIC) {
    msg.threadId = thread;
  }
  if (typeof raw.migrate_to_chat_id === "number") msg.migrateToChatId = raw.migrate_to_chat_id;
  if (typeof raw.migrate_from_chat_id === "number") msg.migrateFromChatId = raw.migrate_from_chat_id;
  const replied = reply ? textOf(reply) : "";
  const replyToOther = typeof replyFrom?.id === "number" && replyFrom.id !== bot.id;
  if (replied.trim() !== "" && replyToOther && !replyIsService) msg.repliedText = replied;
  return msg;
}

function textOf(raw: RawMessage): string {
  return typeof raw.text === "string" ? raw.text : typeof raw.caption === "string" ? raw.caption : "";
}
