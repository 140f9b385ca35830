import type { ChatPlace, Sender, StoredMessage } from "./chat-store.js";
import { detectEntities } from "./detect-entities.js";
import { SandboxError } from "./errors.js";
import { messageObject } from "./render.js";
import type { SandboxChat } from "./types.js";
import { deliverToGroupBots } from "./user-messages.js";
import { unixTime, type World } from "./world.js";

/**
 * A service message in a group, delivered to every bot of the group (privacy mode lets service
 * messages through). It gets an id in the chat like any message; `from` is who caused it
 * (default: the first member).
 */
export function deliverService(
  world: World,
  chatId: number,
  service: Record<string, unknown>,
  options: { from?: Sender; thread?: number; selfThread?: boolean } = {},
): StoredMessage {
  const group = world.registry.group(chatId);
  const place: ChatPlace = { chatId, type: group.chat.type };
  const firstMember = [...group.members][0];
  const stored = world.chats.addForUsers(place, {
    chatId,
    from: options.from ?? { kind: "user", id: firstMember ?? 0 },
    text: "",
    date: unixTime(world),
    service,
  });
  const thread = options.selfThread ? stored.viewId : options.thread;
  if (thread !== undefined) {
    stored.threadId = thread;
    stored.topicMessage = true;
  }
  for (const key of group.bots) {
    const state = world.botState(key);
    world.chats.assignToBot(place, state.key, stored);
    state.updates.deliver({ message: messageObject(world, place, state.key, stored) });
  }
  return stored;
}

/** Upgrades a basic group: `migrate_to_chat_id` in the old chat, `migrate_from_chat_id` in the new one. */
export function upgradeGroup(world: World, id: number): SandboxChat {
  const created = world.registry.upgradeGroup(id);
  deliverService(world, id, { migrate_to_chat_id: created.id });
  deliverService(world, created.id, { migrate_from_chat_id: id });
  return created;
}

/** A new forum topic: its `forum_topic_created` message's id is the thread id, and it is in the topic itself. */
export function createTopic(
  world: World,
  groupId: number,
  spec: { name: string; by?: number | string },
): { threadId: number } {
  const group = world.registry.group(groupId);
  if (!group.chat.isForum) {
    throw new SandboxError("not-a-forum", `group ${groupId} is not a forum`, "addGroup with forum: true");
  }
  if (typeof spec.name !== "string" || spec.name.trim() === "" || [...spec.name].length > 128) {
    throw new SandboxError("bad-topic-name", "a topic name has 1-128 characters", "pass name");
  }
  let from: Sender | undefined;
  if (typeof spec.by === "string") from = { kind: "bot", username: world.registry.bot(spec.by).username };
  else if (typeof spec.by === "number") {
    if (!group.members.has(spec.by)) {
      throw new SandboxError(
        "not-a-member",
        `user ${spec.by} is not a member of ${groupId}`,
        "add them first",
      );
    }
    from = { kind: "user", id: spec.by };
  }
  // The creating message is the topic's first message: its own id is the thread id, and it
  // carries that thread id itself.
  const created = { forum_topic_created: { name: spec.name, icon_color: 7322096 } };
  const stored = deliverService(world, groupId, created, { ...(from ? { from } : {}), selfThread: true });
  group.topics.set(stored.viewId, { name: spec.name, closed: false });
  return { threadId: stored.viewId };
}

/** Closes a topic (a `forum_topic_closed` service message in it); sends to it answer TOPIC_CLOSED. */
export function closeTopic(world: World, groupId: number, threadId: number): void {
  const topic = world.registry.group(groupId).topics.get(threadId);
  if (!topic)
    throw new SandboxError("unknown-topic", `no topic ${threadId} in ${groupId}`, "createTopic first");
  topic.closed = true;
  deliverService(world, groupId, { forum_topic_closed: {} }, { thread: threadId });
}

/** A channel post, and its automatic forward into the linked discussion group. */
export function channelPost(
  world: World,
  channelId: number,
  text: string,
): { messageId: number; forwardedId?: number } {
  const record = world.registry.channel(channelId);
  if (typeof text !== "string" || text.trim() === "") {
    throw new SandboxError("empty-text", "a channel post needs a non-empty text", "pass text");
  }
  const place: ChatPlace = { chatId: channelId, type: "channel" };
  const entities = detectEntities(text, []);
  const post = world.chats.addForUsers(place, {
    chatId: channelId,
    from: { kind: "channel-post" },
    text,
    ...(entities.length > 0 ? { entities } : {}),
    date: unixTime(world),
  });
  for (const key of record.bots) {
    world.botState(key).updates.deliver({ channel_post: messageObject(world, place, key, post) });
  }
  const groupId = record.channel.discussionGroup;
  if (groupId === undefined) return { messageId: post.viewId };
  const group = world.registry.group(groupId);
  const groupPlace: ChatPlace = { chatId: groupId, type: group.chat.type };
  const forward = world.chats.addForUsers(groupPlace, {
    chatId: groupId,
    from: { kind: "channel", channelId, forwardedPost: post.viewId },
    text,
    ...(entities.length > 0 ? { entities } : {}),
    date: unixTime(world),
  });
  deliverToGroupBots(world, groupPlace, [...group.bots], forward);
  return { messageId: post.viewId, forwardedId: forward.viewId };
}
