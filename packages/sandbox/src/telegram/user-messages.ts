import { rememberQuery } from "./callback-queries.js";
import { userPlace } from "./chat-access.js";
import type { ChatPlace, Sender, StoredMessage } from "./chat-store.js";
import { detectEntities } from "./detect-entities.js";
import { SandboxError } from "./errors.js";
import { botMaySee } from "./privacy.js";
import { botObject, messageObject, userObject } from "./render.js";
import { uploaded } from "./media-upload.js";
import type { MediaKind, UserSaysInput, UserSaysResult } from "./types.js";
import { unixTime, type World } from "./world.js";

/**
 * A user writes: the message is stored in its chat (so replies to it work) and each bot of the chat
 * that may see it gets a `message` update. In a private chat only that bot; in a group every bot
 * the privacy rules let through.
 */
export function userSays(world: World, input: UserSaysInput): UserSaysResult {
  const text = checkText(input);
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
  const thread = threadOf(world, place, input.thread, replyTo);
  if (thread.topic && !replyTo) replyTo = world.chats.findForUsers(place, thread.threadId!);
  const mentions = (input.textMentions ?? []).map((m) => {
    const user = world.registry.findUser(m.userId);
    const bot = world.registry.botById(m.userId);
    if (user) return { text: m.text, user: userObject(user) };
    if (bot) return { text: m.text, user: botObject(bot) };
    throw new SandboxError("unknown-user", `text mention of unknown user ${m.userId}`, "addUser first");
  });
  const entities = detectEntities(text, mentions);
  const stored = world.chats.addForUsers(place, {
    chatId: place.chatId,
    from: senderOf(world, place, user.id, input.as),
    text,
    ...(entities.length > 0 ? { entities } : {}),
    date: unixTime(world),
    ...(replyTo ? { replyTo } : {}),
    ...(thread.threadId !== undefined ? { threadId: thread.threadId } : {}),
    ...(thread.topic ? { topicMessage: true } : {}),
    ...(input.media ? { media: input.media } : {}),
    ...(input.media && input.upload ? uploaded(world, input.media, input.upload) : {}),
  });
  return {
    messageId: stored.viewId,
    chatId: place.chatId,
    deliveredTo: deliverToGroupBots(world, place, recipients, stored),
  };
}

/**
 * Hands a users' message (or, with `kind` "edited_message", its edited version) to each recipient
 * bot the privacy rules let through; their usernames.
 */
export function deliverToGroupBots(
  world: World,
  place: ChatPlace,
  recipients: readonly string[],
  stored: StoredMessage,
  kind: "message" | "edited_message" = "message",
): string[] {
  const deliveredTo: string[] = [];
  for (const username of recipients) {
    const state = world.botState(username);
    if (place.type !== "private" && !botMaySee(state.bot, stored)) continue;
    world.chats.assignToBot(place, state.key, stored);
    const id = state.updates.deliver({ [kind]: messageObject(world, place, state.key, stored) });
    if (id !== undefined) deliveredTo.push(state.bot.username);
  }
  return deliveredTo;
}

/** The message's text or caption; refuses what Telegram cannot carry. */
function checkText(input: UserSaysInput): string {
  const text = input.text ?? "";
  if (input.media === undefined) {
    if (typeof input.text !== "string" || input.text.trim() === "") {
      throw new SandboxError("empty-text", "a user message needs a non-empty text", "pass text, or media");
    }
    return text;
  }
  if (!MEDIA.has(input.media)) {
    throw new SandboxError(
      "bad-media",
      `unknown media "${String(input.media)}"`,
      `use one of ${[...MEDIA].join(", ")}`,
    );
  }
  if (text !== "" && !CAPTIONED.has(input.media)) {
    throw new SandboxError("no-caption", `a ${input.media} carries no caption`, "omit text");
  }
  if ([...text].length > 1024) {
    throw new SandboxError("caption-too-long", "a caption holds at most 1024 characters", "shorten text");
  }
  return text;
}

const MEDIA = new Set<MediaKind>([
  "photo",
  "sticker",
  "voice",
  "audio",
  "video_note",
  "document",
  "location",
]);
const CAPTIONED = new Set<MediaKind>(["photo", "voice", "audio", "document"]);

/**
 * Where a message lands. In a forum: the given topic (which must be open), or General (absent or
 * 1), whose messages carry no thread id. In another supergroup, a reply belongs to the reply chain
 * of its root (a thread id without is_topic_message).
 */
function threadOf(
  world: World,
  place: ChatPlace,
  thread: number | undefined,
  replyTo: StoredMessage | undefined,
): { threadId?: number; topic?: boolean } {
  const group = place.type === "private" ? undefined : world.registry.findGroup(place.chatId);
  if (group?.chat.isForum) {
    if (thread === undefined || thread === 1) return {};
    const topic = group.topics.get(thread);
    if (!topic)
      throw new SandboxError(
        "unknown-topic",
        `no topic ${thread} in forum ${place.chatId}`,
        "createTopic first",
      );
    if (topic.closed)
      throw new SandboxError("topic-closed", `topic ${thread} is closed`, "write in an open topic");
    return { threadId: thread, topic: true };
  }
  if (thread !== undefined) {
    throw new SandboxError(
      "not-a-forum",
      `chat ${place.chatId} has no topics`,
      "omit thread, or use a forum group",
    );
  }
  if (place.type === "supergroup" && replyTo) return { threadId: replyTo.threadId ?? replyTo.viewId };
  return {};
}

function senderOf(world: World, place: ChatPlace, userId: number, as: UserSaysInput["as"]): Sender {
  if (as === undefined) return { kind: "user", id: userId };
  if (place.type === "private") {
    throw new SandboxError("not-a-group", "only group messages can be sent on behalf of a chat", "omit as");
  }
  if (as === "anonymous-admin") return { kind: "anonymous-admin" };
  if (as && typeof as === "object" && typeof as.channel === "number") {
    world.registry.channel(as.channel);
    return { kind: "channel", channelId: as.channel };
  }
  throw new SandboxError(
    "bad-as",
    `unknown sender ${JSON.stringify(as)}`,
    'use "anonymous-admin" or { channel: id }',
  );
}

/**
 * A raw update for one bot (update_id assigned when absent; allowed_updates applied unless
 * bypassed: undefined when it filters the update out). A private
 * message's sender becomes a sandbox user and opens the private chat, so the bot may answer.
 */
export function injectUpdate(
  world: World,
  bot: string,
  update: Record<string, unknown>,
  options: { bypassAllowedUpdates?: boolean } = {},
): number | undefined {
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
    return options.bypassAllowedUpdates ? state.updates.inject(update) : state.updates.deliver(update);
  } catch (error) {
    throw new SandboxError("bad-update-id", (error as Error).message, "omit update_id or use a larger one");
  }
}
