import { detectAddressing } from "./addressing.js";
import type { BotIdentity, ChatType, InboundMessage } from "../core/inbound-message.js";

/** The update kinds the gateway asks for (always passed: Telegram remembers the last list). */
export const ALLOWED_UPDATES = ["message", "edited_message", "channel_post"] as const;

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
  chat?: { id?: unknown; type?: unknown; title?: unknown };
  from?: RawUser;
  reply_to_message?: { from?: RawUser };
  message_thread_id?: unknown;
}

const CHAT_TYPES = new Set<ChatType>(["private", "group", "supergroup", "channel"]);

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
  const text = typeof raw.text === "string" ? raw.text : typeof raw.caption === "string" ? raw.caption : "";
  const from = raw.from && typeof raw.from === "object" ? raw.from : undefined;
  const replyFrom = raw.reply_to_message?.from;
  const addressing = detectAddressing(
    {
      text,
      entities: Array.isArray(raw.entities)
        ? raw.entities
        : Array.isArray(raw.caption_entities)
          ? raw.caption_entities
          : [],
      ...(typeof replyFrom?.id === "number" ? { reply_to_message: { from: { id: replyFrom.id } } } : {}),
    } as Parameters<typeof detectAddressing>[0],
    bot,
  );
  const senderName = [from?.first_name, from?.last_name].filter((p) => typeof p === "string").join(" ");
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
  if (typeof from?.id === "number" && !channelPost) msg.senderId = from.id;
  if (typeof from?.username === "string") msg.senderUsername = from.username;
  if (senderName !== "") msg.senderName = senderName;
  if (addressing.command !== undefined) msg.command = addressing.command;
  if (typeof raw.message_thread_id === "number") msg.threadId = raw.message_thread_id;
  return msg;
}
