import type { ChatPlace, StoredMessage } from "./chat-store.js";
import { ApiError, badRequest, forbidden, SandboxError } from "./errors.js";
import { usernameKey } from "./registry.js";
import type { SandboxUser } from "./types.js";
import type { World } from "./world.js";

/**
 * The chat a bot addresses with `chat_id`, or the Bot API's refusal: unknown → 400 chat not found;
 * a user who never wrote to the bot → 403; blocked → 403; a group without the bot → 403; an upgraded
 * basic group → 400 with migrate_to_chat_id.
 */
export function chatForBot(
  world: World,
  botKey: string,
  raw: unknown,
  purpose: "send" | "read" = "send",
): ChatPlace {
  if (raw === undefined || raw === null || raw === "") throw badRequest("chat_id is empty");
  const id =
    typeof raw === "number" ? raw : typeof raw === "string" && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest("chat not found");
  if (id > 0) {
    if (world.registry.botById(id) && !world.registry.findUser(id)) {
      throw purpose === "send" ? forbidden("bot can't send messages to bots") : badRequest("chat not found");
    }
    if (!world.registry.findUser(id) || !world.openDms.has(`${botKey}|${id}`)) {
      if (purpose === "send" && world.registry.findUser(id))
        throw forbidden("bot can't initiate conversation with a user");
      throw badRequest("chat not found");
    }
    if (purpose === "send" && world.faults.isBlocked(botKey, id))
      throw forbidden("bot was blocked by the user");
    return { chatId: id, type: "private", dmBot: botKey };
  }
  const group = world.registry.findGroup(id);
  if (!group) throw badRequest("chat not found");
  if (group.migratedTo !== undefined) {
    throw new ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat", {
      migrate_to_chat_id: group.migratedTo,
    });
  }
  if (!group.bots.has(botKey)) {
    if (purpose === "read") throw badRequest("chat not found");
    if (group.kicked.has(botKey)) {
      throw forbidden(`bot was kicked from the ${group.chat.type === "group" ? "group" : "supergroup"} chat`);
    }
    throw forbidden(
      `bot is not a member of the ${group.chat.type === "group" ? "group" : "supergroup"} chat`,
    );
  }
  return { chatId: id, type: group.chat.type };
}

/**
 * Where a user acts: the private chat with a bot, or a group they are a member of (not one that
 * was upgraded), with the bots there. Throws a SandboxError saying what to fix otherwise.
 */
export function userPlace(
  world: World,
  userId: number,
  chat: number | { bot: string },
): { user: SandboxUser; place: ChatPlace; recipients: string[] } {
  const user = world.registry.findUser(userId);
  if (!user)
    throw new SandboxError("unknown-user", `no sandbox user ${userId}`, "addUser first and use its id");
  if (typeof chat === "object") {
    const bot = world.registry.bot(chat.bot);
    const place: ChatPlace = { chatId: user.id, type: "private", dmBot: usernameKey(bot.username) };
    return { user, place, recipients: [bot.username] };
  }
  const group = world.registry.group(chat);
  if (group.migratedTo !== undefined) {
    throw new SandboxError(
      "group-upgraded",
      `group ${chat} was upgraded to ${group.migratedTo}`,
      "write in the supergroup",
    );
  }
  if (!group.members.has(user.id)) {
    throw new SandboxError(
      "not-a-member",
      `user ${user.id} is not a member of group ${chat}`,
      "add them in addGroup members",
    );
  }
  return { user, place: { chatId: group.chat.id, type: group.chat.type }, recipients: [...group.bots] };
}

/**
 * A message of the chat as its users see it (its `viewId`), or the control API's refusal
 * `unknown-message` with `remedy` as what to do instead.
 */
export function userMessage(
  world: World,
  place: ChatPlace,
  messageId: number,
  remedy: string,
): StoredMessage {
  const message = world.chats.findForUsers(place, messageId);
  if (!message)
    throw new SandboxError("unknown-message", `no message ${messageId} in chat ${place.chatId}`, remedy);
  return message;
}
