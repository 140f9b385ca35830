import type { ChatPlace, StoredMessage } from "./chat-store.js";
import { chatForBot, userMessage, userPlace } from "./chat-access.js";
import { badRequest, SandboxError } from "./errors.js";
import type { Method } from "./method-types.js";
import { intParam, jsonParam } from "./params.js";
import { chatObject, userObject } from "./render.js";
import type { ReactInput } from "./types.js";
import { unixTime, type World } from "./world.js";

/** The emoji Telegram accepts as a reaction (ReactionTypeEmoji of the Bot API). */
export const REACTION_EMOJI: readonly string[] = [
  "❤",
  "👍",
  "👎",
  "🔥",
  "🥰",
  "👏",
  "😁",
  "🤔",
  "🤯",
  "😱",
  "🤬",
  "😢",
  "🎉",
  "🤩",
  "🤮",
  "💩",
  "🙏",
  "👌",
  "🕊",
  "🤡",
  "🥱",
  "🥴",
  "😍",
  "🐳",
  "❤‍🔥",
  "🌚",
  "🌭",
  "💯",
  "🤣",
  "⚡",
  "🍌",
  "🏆",
  "💔",
  "🤨",
  "😐",
  "🍓",
  "🍾",
  "💋",
  "🖕",
  "😈",
  "😴",
  "😭",
  "🤓",
  "👻",
  "👨‍💻",
  "👀",
  "🎃",
  "🙈",
  "😇",
  "😨",
  "🤝",
  "✍",
  "🤗",
  "🫡",
  "🎅",
  "🎄",
  "☃",
  "💅",
  "🤪",
  "🗿",
  "🆒",
  "💘",
  "🙉",
  "🦄",
  "😘",
  "💊",
  "🙊",
  "😎",
  "👾",
  "🤷‍♂",
  "🤷",
  "🤷‍♀",
  "😡",
];
const ALLOWED = new Set(REACTION_EMOJI);
/** Reactions one user may set on a message (a Premium user's limit). */
const USER_MAX = 3;

const asTypes = (emoji: readonly string[]) => emoji.map((e) => ({ type: "emoji", emoji: e }));
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((e, i) => e === b[i]);

/**
 * A user sets, changes or removes their reactions on a message. Telegram's rules: only the
 * message's chat sees it; in a private chat the bot gets the update, in a group only the bots that
 * are administrators; a bot whose allowed_updates leave `message_reaction` out (as the default
 * does) gets nothing; an unchanged set sends nothing. An anonymous admin's reaction carries
 * `actor_chat` (the group) instead of `user`.
 */
export function react(world: World, input: ReactInput): { deliveredTo: string[] } {
  const { user, place, recipients } = userPlace(world, input.from, input.chat);
  const message = userMessage(
    world,
    place,
    input.messageId,
    "react to a message from sent() (its chatMessageId in basic groups) or a userSays result",
  );
  const bad = input.emoji.find((e) => !ALLOWED.has(e));
  if (
    bad !== undefined ||
    input.emoji.length > USER_MAX ||
    new Set(input.emoji).size !== input.emoji.length
  ) {
    throw new SandboxError(
      "bad-reaction",
      bad !== undefined
        ? `${bad} is not a reaction Telegram offers`
        : "a user sets at most 3 different reactions",
      `use at most ${USER_MAX} of: ${REACTION_EMOJI.join(" ")}`,
    );
  }
  const anonymous = input.as === "anonymous-admin";
  if (anonymous && place.type === "private") {
    throw new SandboxError("bad-reaction", "nobody is anonymous in a private chat", "react in a group");
  }
  const actor = anonymous ? `chat:${place.chatId}` : `user:${user.id}`;
  const reactions = (message.reactions ??= new Map());
  const old = reactions.get(actor) ?? [];
  if (same(old, input.emoji)) return { deliveredTo: [] };
  if (input.emoji.length === 0) reactions.delete(actor);
  else reactions.set(actor, [...input.emoji]);
  const group = place.type === "private" ? undefined : world.registry.findGroup(place.chatId);
  const deliveredTo: string[] = [];
  for (const bot of recipients) {
    const state = world.botState(bot);
    if (group && !group.admins.has(state.key)) continue;
    const update = {
      message_reaction: {
        chat: chatObject(world, place),
        message_id: world.chats.assignToBot(place, state.key, message),
        ...(anonymous ? { actor_chat: chatObject(world, place) } : { user: userObject(user) }),
        date: unixTime(world),
        old_reaction: asTypes(old),
        new_reaction: asTypes(input.emoji),
      },
    };
    if (state.updates.deliver(update) !== undefined) deliveredTo.push(state.bot.username);
  }
  return { deliveredTo };
}

/**
 * setMessageReaction: the bot's own reaction on a message of the chat, as Telegram checks it: an
 * unknown message is 400 `message to react not found`; an emoji outside Telegram's list, a custom
 * emoji or a paid reaction is 400 `REACTION_INVALID`; a bot sets at most one reaction
 * (`REACTIONS_TOO_MANY`). An absent or empty list removes the bot's reaction. Bots' reactions
 * produce no update.
 */
export const setMessageReaction: Method = (world, { state, params }) => {
  const place: ChatPlace = chatForBot(world, state.key, params.chat_id);
  const messageId = intParam(params, "message_id");
  const message: StoredMessage | undefined =
    messageId === undefined ? undefined : world.chats.findForBot(place, state.key, messageId);
  if (!message) throw badRequest("message to react not found");
  const raw = params.reaction === undefined ? [] : jsonParam(params, "reaction");
  if (!Array.isArray(raw)) throw badRequest("can't parse reaction types JSON object");
  const emoji = raw.map((r: { type?: unknown; emoji?: unknown }) => {
    if (r?.type !== "emoji" || typeof r.emoji !== "string" || !ALLOWED.has(r.emoji))
      throw badRequest("REACTION_INVALID");
    return r.emoji;
  });
  if (emoji.length > 1) throw badRequest("REACTIONS_TOO_MANY");
  const reactions = (message.reactions ??= new Map());
  if (emoji.length === 0) reactions.delete(`bot:${state.key}`);
  else reactions.set(`bot:${state.key}`, emoji);
  return true;
};
