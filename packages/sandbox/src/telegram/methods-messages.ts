import { chatForBot } from "./chat-access.js";
import type { ChatPlace, StoredMessage } from "./chat-store.js";
import { badRequest } from "./errors.js";
import { formatOutgoing } from "./format.js";
import type { Method } from "./method-types.js";
import { boolParam, intParam, jsonParam } from "./params.js";
import { readReplyMarkup } from "./reply-markup.js";
import { messageObject } from "./render.js";
import type { SentMessage } from "./types.js";
import { unixTime, type World } from "./world.js";

/** sendMessage, editMessageText, deleteMessage, sendChatAction. */

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

function logSent(
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
    at: world.now(),
    ...(message.entities && message.entities.length > 0 ? { entities: message.entities } : {}),
    ...(message.replyMarkup ? { replyMarkup: message.replyMarkup } : {}),
  });
}

export const sendMessage: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id);
  const formatted = formatOutgoing(params.text, params.parse_mode, jsonParam(params, "entities"));
  const replyMarkup = readReplyMarkup(params);
  const reply = (jsonParam(params, "reply_parameters") ?? {}) as {
    message_id?: unknown;
    allow_sending_without_reply?: unknown;
  };
  const replyId = intParam({ id: reply.message_id ?? params.reply_to_message_id }, "id");
  let replyTo: StoredMessage | undefined;
  if (replyId !== undefined) {
    replyTo = world.chats.findForBot(place, state.key, replyId);
    const allow =
      reply.allow_sending_without_reply === true || boolParam(params, "allow_sending_without_reply");
    if (!replyTo && !allow) throw badRequest("message to be replied not found");
  }
  const flood = world.faults.flood(state.key, place.chatId);
  if (flood) throw flood;
  const stored = world.chats.addFromBot(place, state.key, {
    chatId: place.chatId,
    from: { kind: "bot", username: state.bot.username },
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
    date: unixTime(world),
    ...(replyTo ? { replyTo } : {}),
    ...(replyMarkup ? { replyMarkup } : {}),
  });
  logSent(world, state.bot.username, place, state.key, stored, {
    method: "sendMessage",
    parseMode: params.parse_mode,
  });
  return messageObject(world, place, state.key, stored);
};

export const editMessageText: Method = (world, { state, params }) => {
  if (params.inline_message_id !== undefined) {
    formatOutgoing(params.text, params.parse_mode, jsonParam(params, "entities"));
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
  const formatted = formatOutgoing(params.text, params.parse_mode, jsonParam(params, "entities"));
  // Without reply_markup an edit removes the keyboard, as Telegram does.
  const replyMarkup = readReplyMarkup(params);
  if (
    formatted.text === message.text &&
    JSON.stringify(formatted.entities) === JSON.stringify(message.entities ?? []) &&
    JSON.stringify(replyMarkup) === JSON.stringify(message.replyMarkup)
  ) {
    throw badRequest(NOT_MODIFIED);
  }
  const flood = world.faults.flood(state.key, place.chatId);
  if (flood) throw flood;
  message.text = formatted.text;
  if (formatted.entities.length > 0) message.entities = formatted.entities;
  else delete message.entities;
  if (replyMarkup) message.replyMarkup = replyMarkup;
  else delete message.replyMarkup;
  message.editDate = unixTime(world);
  logSent(world, state.bot.username, place, state.key, message, {
    method: "editMessageText",
    parseMode: params.parse_mode,
  });
  return messageObject(world, place, state.key, message);
};

export const deleteMessage: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id);
  const id = intParam(params, "message_id");
  const message = id === undefined ? undefined : world.chats.findForBot(place, state.key, id);
  if (!message) throw badRequest("message to delete not found");
  const own = message.from.kind === "bot" && message.from.username === state.bot.username;
  if (!own && place.type !== "private") throw badRequest("message can't be deleted");
  world.chats.remove(place, message);
  return true;
};

export const sendChatAction: Method = (world, { state, params }) => {
  chatForBot(world, state.key, params.chat_id);
  if (typeof params.action !== "string" || !CHAT_ACTIONS.has(params.action)) {
    throw badRequest("wrong parameter action in request");
  }
  return true;
};
