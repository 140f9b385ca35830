import { uploadedFields } from "./media-upload.js";
import type { ChatPlace, StoredMessage } from "./chat-store.js";
import {
  CHANNEL_BOT_ID,
  GROUP_ANONYMOUS_BOT_ID,
  SERVICE_NOTIFICATIONS_ID,
  type SandboxBot,
  type SandboxUser,
} from "./types.js";
import type { World } from "./world.js";

/** Bot API objects as a given bot sees them. */

export const userObject = (user: SandboxUser) => ({
  id: user.id,
  is_bot: false,
  first_name: user.firstName,
  ...(user.username ? { username: user.username } : {}),
  language_code: user.languageCode ?? "en",
});

export const botObject = (bot: SandboxBot) => ({
  id: bot.id,
  is_bot: true,
  first_name: bot.firstName,
  username: bot.username,
});

/** The fixed senders of messages that are not a user's own, as Telegram renders them. */
const GROUP_ANONYMOUS_BOT = {
  id: GROUP_ANONYMOUS_BOT_ID,
  is_bot: true,
  first_name: "Group",
  username: "GroupAnonymousBot",
};
const CHANNEL_BOT = { id: CHANNEL_BOT_ID, is_bot: true, first_name: "Channel", username: "Channel_Bot" };
const TELEGRAM = { id: SERVICE_NOTIFICATIONS_ID, is_bot: false, first_name: "Telegram" };

export function chatObject(world: World, place: ChatPlace): Record<string, unknown> {
  if (place.type === "private") {
    const user = world.registry.findUser(place.chatId);
    return {
      id: place.chatId,
      type: "private",
      first_name: user?.firstName ?? "",
      ...(user?.username ? { username: user.username } : {}),
    };
  }
  if (place.type === "channel") {
    return {
      id: place.chatId,
      title: world.registry.findChannel(place.chatId)?.channel.title ?? "",
      type: "channel",
    };
  }
  const group = world.registry.findGroup(place.chatId);
  return {
    id: place.chatId,
    title: group?.chat.title ?? "",
    type: place.type,
    ...(group?.chat.isForum ? { is_forum: true } : {}),
  };
}

const channelPlace = (channelId: number): ChatPlace => ({ chatId: channelId, type: "channel" });

/** `from` and `sender_chat` of a message. */
function senderFields(world: World, place: ChatPlace, message: StoredMessage): Record<string, unknown> {
  const from = message.from;
  switch (from.kind) {
    case "bot":
      return { from: botObject(world.registry.bot(from.username)) };
    case "anonymous-admin":
      return { from: GROUP_ANONYMOUS_BOT, sender_chat: chatObject(world, place) };
    case "channel":
      return {
        from: from.forwardedPost !== undefined ? TELEGRAM : CHANNEL_BOT,
        sender_chat: chatObject(world, channelPlace(from.channelId)),
      };
    case "channel-post":
      return { sender_chat: chatObject(world, place) };
    case "user": {
      const user = world.registry.findUser(from.id);
      return { from: user ? userObject(user) : { id: from.id, is_bot: false, first_name: "" } };
    }
  }
}

/** The media object of a message, with deterministic file ids. */
function mediaFields(message: StoredMessage): Record<string, unknown> {
  const real = uploadedFields(message);
  if (real) return real;
  const id = (kind: string) => ({
    file_id: `sandbox-${kind}-${message.chatId}-${message.viewId}`,
    file_unique_id: `u${Math.abs(message.chatId)}x${message.viewId}`,
  });
  switch (message.media) {
    case "photo":
      return { photo: [{ ...id("photo"), width: 1280, height: 720, file_size: 81_234 }] };
    case "sticker":
      return {
        sticker: {
          ...id("sticker"),
          type: "regular",
          width: 512,
          height: 512,
          is_animated: false,
          is_video: false,
          emoji: "🙂",
        },
      };
    case "voice":
      return { voice: { ...id("voice"), duration: 3, mime_type: "audio/ogg", file_size: 9_876 } };
    case "audio":
      return { audio: { ...id("audio"), duration: 3, mime_type: "audio/mpeg", file_size: 48_000 } };
    case "video_note":
      return { video_note: { ...id("video_note"), length: 240, duration: 3, file_size: 120_000 } };
    case "document":
      return {
        document: {
          ...id("document"),
          file_name: "notes.pdf",
          mime_type: "application/pdf",
          file_size: 54_321,
        },
      };
    case "location":
      return { location: { latitude: 52.52, longitude: 13.405 } };
    default:
      return {};
  }
}

/** Text or caption, with its entities, as the message carries it. */
function textFields(message: StoredMessage): Record<string, unknown> {
  if (message.service) return {};
  if (message.rich) return { rich_message: message.rich };
  const entities = message.entities && message.entities.length > 0 ? message.entities : undefined;
  if (message.media) {
    if (message.text === "") return {};
    return { caption: message.text, ...(entities ? { caption_entities: entities } : {}) };
  }
  return { text: message.text, ...(entities ? { entities } : {}) };
}

/** The message as `botKey` sees it (its own message id in basic groups), with one level of reply. */
export function messageObject(
  world: World,
  place: ChatPlace,
  botKey: string,
  message: StoredMessage,
  withReply = true,
): Record<string, unknown> {
  const forwarded = message.from.kind === "channel" ? message.from.forwardedPost : undefined;
  const forward =
    forwarded === undefined || message.from.kind !== "channel"
      ? {}
      : {
          is_automatic_forward: true,
          forward_origin: {
            type: "channel",
            chat: chatObject(world, channelPlace(message.from.channelId)),
            message_id: forwarded,
            date: message.date,
          },
        };
  return {
    message_id: world.chats.idFor(message, botKey),
    ...(message.threadId !== undefined ? { message_thread_id: message.threadId } : {}),
    ...senderFields(world, place, message),
    ...(message.viaBot ? { via_bot: botObject(world.registry.bot(message.viaBot)) } : {}),
    chat: chatObject(world, place),
    date: message.date,
    ...(message.editDate ? { edit_date: message.editDate } : {}),
    ...(message.topicMessage ? { is_topic_message: true } : {}),
    ...forward,
    ...(withReply && message.replyTo
      ? { reply_to_message: messageObject(world, place, botKey, message.replyTo, false) }
      : {}),
    ...textFields(message),
    ...mediaFields(message),
    ...(message.service ?? {}),
    ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
  };
}
