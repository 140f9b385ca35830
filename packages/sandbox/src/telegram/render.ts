import type { ChatPlace, StoredMessage } from "./chat-store.js";
import type { SandboxBot, SandboxUser } from "./types.js";
import type { World } from "./world.js";

/** Bot API objects as a given bot sees them. */

export const userObject = (user: SandboxUser) => ({
  id: user.id,
  is_bot: false,
  first_name: user.firstName,
  ...(user.username ? { username: user.username } : {}),
  language_code: "en",
});

export const botObject = (bot: SandboxBot) => ({
  id: bot.id,
  is_bot: true,
  first_name: bot.firstName,
  username: bot.username,
});

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
  const group = world.registry.findGroup(place.chatId);
  return { id: place.chatId, title: group?.chat.title ?? "", type: place.type };
}

function senderObject(world: World, message: StoredMessage): Record<string, unknown> {
  if (message.from.kind === "bot") return botObject(world.registry.bot(message.from.username));
  const user = world.registry.findUser(message.from.id);
  return user ? userObject(user) : { id: message.from.id, is_bot: false, first_name: "" };
}

/** The message as `botKey` sees it (its own message id in basic groups), with one level of reply. */
export function messageObject(
  world: World,
  place: ChatPlace,
  botKey: string,
  message: StoredMessage,
  withReply = true,
): Record<string, unknown> {
  return {
    message_id: world.chats.idFor(message, botKey),
    from: senderObject(world, message),
    chat: chatObject(world, place),
    date: message.date,
    ...(message.editDate ? { edit_date: message.editDate } : {}),
    ...(withReply && message.replyTo
      ? { reply_to_message: messageObject(world, place, botKey, message.replyTo, false) }
      : {}),
    text: message.text,
    ...(message.entities && message.entities.length > 0 ? { entities: message.entities } : {}),
    ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
  };
}
