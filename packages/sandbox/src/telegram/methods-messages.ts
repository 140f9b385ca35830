import { chatForBot } from "./chat-access.js";
import type { ChatPlace, StoredMessage } from "./chat-store.js";
import { badRequest } from "./errors.js";
import { type FormattedText, formatOutgoing } from "./format.js";
import type { Method } from "./method-types.js";
import { boolParam, intParam, jsonParam } from "./params.js";
import { readReplyMarkup } from "./reply-markup.js";
import { readRichMessage, type StoredRich } from "./rich/input.js";
import { messageObject } from "./render.js";
import type { SentMessage } from "./types.js";
import { type BotState, unixTime, type World } from "./world.js";

/** sendMessage, editMessageText (text or rich_message), deleteMessage, sendChatAction. */

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a content and reply markup of the current content and reply markup of the message";

/** Appends a message the bot sent or edited to the sent log. */
export function logSent(
  world: World,
  bot: string,
  place: ChatPlace,
  botKey: string,
  message: StoredMessage,
  extra: Pick<SentMessage, "method"> & { parseMode?: unknown },
) {
  const messageId = world.chats.idFor(message, botKey);
  world.sent.append({
    bot,
    chatId: place.chatId,
    messageId,
    ...(place.type === "group" ? { chatMessageId: message.viewId } : {}),
    text: message.text,
    ...(typeof extra.parseMode === "string" && extra.parseMode !== "" ? { parseMode: extra.parseMode } : {}),
    ...(message.replyTo ? { replyToMessageId: world.chats.idFor(message.replyTo, botKey) } : {}),
    method: extra.method,
    ...(message.topicMessage && message.threadId !== undefined ? { threadId: message.threadId } : {}),
    at: world.now(),
    ...(message.entities && message.entities.length > 0 ? { entities: message.entities } : {}),
    ...(message.replyMarkup ? { replyMarkup: message.replyMarkup } : {}),
    ...(message.rich ? { rich: message.rich } : {}),
  });
}

/**
 * Where a new message of the bot goes: its chat, the message it replies to (reply_parameters,
 * or the deprecated reply_to_message_id) and its forum topic (message_thread_id, else the
 * replied message's). Throws the Bot API's 400 answers, and 429 past the flood limits.
 */
export function placeForSend(world: World, botKey: string, params: Record<string, unknown>) {
  const place = chatForBot(world, botKey, params.chat_id);
  const reply = (jsonParam(params, "reply_parameters") ?? {}) as {
    message_id?: unknown;
    allow_sending_without_reply?: unknown;
  };
  const replyId = intParam({ id: reply.message_id ?? params.reply_to_message_id }, "id");
  let replyTo: StoredMessage | undefined;
  if (replyId !== undefined) {
    replyTo = world.chats.findForBot(place, botKey, replyId);
    const allow =
      reply.allow_sending_without_reply === true || boolParam(params, "allow_sending_without_reply");
    if (!replyTo && !allow) throw badRequest("message to be replied not found");
  }
  const thread =
    topicFor(world, place, params.message_thread_id) ??
    (replyTo?.topicMessage ? replyTo.threadId : undefined);
  return {
    place,
    fields: {
      ...(thread !== undefined ? { threadId: thread, topicMessage: true } : {}),
      chatId: place.chatId,
      date: unixTime(world),
      ...(replyTo ? { replyTo } : {}),
    },
  };
}

export const sendMessage: Method = (world, { state, params }) => {
  const { place, fields } = placeForSend(world, state.key, params);
  const formatted = formatOutgoing(params.text, params.parse_mode, jsonParam(params, "entities"));
  const content = {
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
  };
  return storeFromBot(world, state, { place, fields }, content, params, "sendMessage");
};

/**
 * Stores a new message of the bot (after the flood limits, with the call's inline keyboard),
 * logs it as sent, and returns it as the bot sees it.
 */
export function storeFromBot(
  world: World,
  state: BotState,
  target: ReturnType<typeof placeForSend>,
  content: Pick<StoredMessage, "text" | "entities" | "rich">,
  params: Record<string, unknown>,
  method: SentMessage["method"],
): Record<string, unknown> {
  const { place, fields } = target;
  const replyMarkup = readReplyMarkup(params);
  const flood = world.faults.flood(state.key, place.chatId);
  if (flood) throw flood;
  const stored = world.chats.addFromBot(place, state.key, {
    ...fields,
    from: { kind: "bot", username: state.bot.username },
    ...content,
    ...(replyMarkup ? { replyMarkup } : {}),
  });
  logSent(world, state.bot.username, place, state.key, stored, { method, parseMode: params.parse_mode });
  // "The draft will disappear … if the bot sends a message."
  world.drafts.endChat(state.bot.username, place.chatId);
  return messageObject(world, place, state.key, stored);
}

export const editMessageText: Method = (world, { state, params }) => {
  if (params.inline_message_id !== undefined) {
    editedContent(params);
    return true;
  }
  const place = chatForBot(world, state.key, params.chat_id);
  const id = intParam(params, "message_id");
  if (id === undefined) throw badRequest("message identifier is not specified");
  const message = world.chats.findForBot(place, state.key, id);
  if (!message) throw badRequest("message to edit not found");
  if (message.from.kind !== "bot" || message.from.username !== state.bot.username) {
    throw badRequest("message can't be edited");
  }
  const formatted = editedContent(params);
  // Without reply_markup an edit removes the keyboard, as Telegram does.
  const replyMarkup = readReplyMarkup(params);
  if (
    formatted.text === message.text &&
    JSON.stringify(formatted.entities) === JSON.stringify(message.entities ?? []) &&
    JSON.stringify(formatted.rich) === JSON.stringify(message.rich) &&
    JSON.stringify(replyMarkup) === JSON.stringify(message.replyMarkup)
  ) {
    throw badRequest(NOT_MODIFIED);
  }
  const flood = world.faults.flood(state.key, place.chatId);
  if (flood) throw flood;
  message.text = formatted.text;
  if (formatted.entities.length > 0) message.entities = formatted.entities;
  else delete message.entities;
  if (formatted.rich) message.rich = formatted.rich;
  else delete message.rich;
  if (replyMarkup) message.replyMarkup = replyMarkup;
  else delete message.replyMarkup;
  message.editDate = unixTime(world);
  logSent(world, state.bot.username, place, state.key, message, {
    method: "editMessageText",
    parseMode: params.parse_mode,
  });
  return messageObject(world, place, state.key, message);
};

/** The new content of an edit: `rich_message` (a rich message, rich/input.ts), else `text`. */
function editedContent(params: Record<string, unknown>): FormattedText & { rich?: StoredRich } {
  if (params.rich_message === undefined)
    return formatOutgoing(params.text, params.parse_mode, jsonParam(params, "entities"));
  const { rich, checked } = readRichMessage(params, { draft: false });
  return { text: checked.plain, entities: [], rich };
}

export const deleteMessage: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id);
  const id = intParam(params, "message_id");
  const message = id === undefined ? undefined : world.chats.findForBot(place, state.key, id);
  if (!message) throw badRequest("message to delete not found");
  const own = message.from.kind === "bot" && message.from.username === state.bot.username;
  if (!own && place.type !== "private") throw badRequest("message can't be deleted");
  world.chats.remove(place, message);
  world.deleted.push({ bot: state.bot.username, chatId: place.chatId, messageId: id!, at: world.now() });
  return true;
};

export const sendChatAction: Method = (world, { state, params }) => {
  topicFor(world, chatForBot(world, state.key, params.chat_id), params.message_thread_id);
  if (typeof params.action !== "string" || !CHAT_ACTIONS.has(params.action)) {
    throw badRequest("wrong parameter action in request");
  }
  return true;
};

/**
 * The forum topic `message_thread_id` names, as the Bot API checks it: only an open topic of a
 * forum; General (1), a reply chain of an ordinary supergroup and any unknown id answer 400
 * `message thread not found`, a closed topic 400 `TOPIC_CLOSED`.
 */
export function topicFor(world: World, place: ChatPlace, raw: unknown): number | undefined {
  const thread = intParam({ message_thread_id: raw }, "message_thread_id");
  if (thread === undefined) return undefined;
  const group = place.type === "private" ? undefined : world.registry.findGroup(place.chatId);
  const topic = group?.chat.isForum ? group.topics.get(thread) : undefined;
  if (!topic) throw badRequest("message thread not found");
  if (topic.closed) throw badRequest("TOPIC_CLOSED");
  return thread;
}
