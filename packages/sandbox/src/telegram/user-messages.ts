import { rememberQuery } from "./callback-queries.js";
import { userPlace } from "./chat-access.js";
import type { StoredMessage } from "./chat-store.js";
import { detectEntities } from "./detect-entities.js";
import { SandboxError } from "./errors.js";
import { botMaySee } from "./privacy.js";
import { botObject, messageObject, userObject } from "./render.js";
import type { UserSaysInput, UserSaysResult } from "./types.js";
import { unixTime, type World } from "./world.js";

/**
 * A user writes: the message is stored in its chat (so replies to it work) and each bot of the chat
 * that may see it gets a `message` update. In a private chat only that bot; in a group every bot
 * the privacy rules let through.
 */
export function userSays(world: World, input: UserSaysInput): UserSaysResult {
  if (typeof input.text !== "string" || input.text.trim() === "") {
    throw new SandboxError("empty-text", "a user message needs a non-empty text", "pass text");
  }
  const { user, place, recipients } = userPlace(world, input.from, input.chat);
  if (place.type === "private") world.openDms.add(`${place.dmBot}|${user.id}`);
  let replyTo: StoredMessage | undefined;
  if (input.replyTo !== undefined) {
    replyTo = world.chats.findForUsers(place, input.replyTo);
    if (!replyTo) {
      throw new SandboxError(
        "unknown-message",
        `no message ${input.replyTo} in chat ${place.chatId} to reply to`,
        "reply to a message id from userSays or sent()",
      );
    }
  }
  const mentions = (input.textMentions ?? []).map((m) => {
    const user = world.registry.findUser(m.userId);
    const bot = world.registry.botById(m.userId);
    if (user) return { text: m.text, user: userObject(user) };
    if (bot) return { text: m.text, user: botObject(bot) };
    throw new SandboxError("unknown-user", `text mention of unknown user ${m.userId}`, "addUser first");
  });
  const entities = detectEntities(input.text, mentions);
  const stored = world.chats.addForUsers(place, {
    chatId: place.chatId,
    from: { kind: "user", id: user.id },
    text: input.text,
    ...(entities.length > 0 ? { entities } : {}),
    date: unixTime(world),
    ...(replyTo ? { replyTo } : {}),
  });
  const deliveredTo: string[] = [];
  for (const username of recipients) {
    const state = world.botState(username);
    if (place.type !== "private" && !botMaySee(state.bot, stored)) continue;
    world.chats.assignToBot(place, state.key, stored);
    const id = state.updates.deliver({ message: messageObject(world, place, state.key, stored) });
    if (id !== undefined) deliveredTo.push(state.bot.username);
  }
  return { messageId: stored.viewId, chatId: place.chatId, deliveredTo };
}

/**
 * A raw update for one bot (update_id assigned when absent; allowed_updates not applied). A private
 * message's sender becomes a sandbox user and opens the private chat, so the bot may answer.
 */
export function injectUpdate(world: World, bot: string, update: Record<string, unknown>): number {
  const state = world.botState(bot);
  const message = (update.message ?? update.edited_message) as
    | {
        chat?: { id?: unknown; type?: unknown };
        from?: { id?: unknown; first_name?: unknown; username?: unknown };
      }
    | undefined;
  const from = message?.from;
  if (message?.chat?.type === "private" && typeof from?.id === "number" && from.id === message.chat.id) {
    if (!world.registry.findUser(from.id)) {
      world.registry.addUser({
        id: from.id,
        firstName: typeof from.first_name === "string" ? from.first_name : "",
        ...(typeof from.username === "string" ? { username: from.username } : {}),
      });
    }
    world.openDms.add(`${state.key}|${from.id}`);
  }
  const query = update.callback_query as { id?: unknown } | undefined;
  if (typeof query?.id === "string") rememberQuery(world, query.id, state.key);
  try {
    return state.updates.inject(update);
  } catch (error) {
    throw new SandboxError("bad-update-id", (error as Error).message, "omit update_id or use a larger one");
  }
}
