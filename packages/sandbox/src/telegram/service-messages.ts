import type { ChatPlace } from "./chat-store.js";
import { chatObject } from "./render.js";
import type { SandboxChat } from "./types.js";
import { unixTime, type World } from "./world.js";

/**
 * A service message in a group, delivered to every bot of the group (privacy mode lets service
 * messages through). It gets an id in the chat like any message.
 */
export function deliverService(world: World, chatId: number, fields: Record<string, unknown>): string[] {
  const group = world.registry.group(chatId);
  const place: ChatPlace = { chatId, type: group.chat.type };
  const firstMember = [...group.members][0];
  const stored = world.chats.addForUsers(place, {
    chatId,
    from: { kind: "user", id: firstMember ?? 0 },
    text: "",
    date: unixTime(world),
  });
  const delivered: string[] = [];
  for (const key of group.bots) {
    const state = world.botState(key);
    const user = firstMember === undefined ? undefined : world.registry.findUser(firstMember);
    const message = {
      message_id: world.chats.assignToBot(place, state.key, stored),
      ...(user ? { from: { id: user.id, is_bot: false, first_name: user.firstName } } : {}),
      chat: chatObject(world, place),
      date: stored.date,
      ...fields,
    };
    if (state.updates.deliver({ message }) !== undefined) delivered.push(state.bot.username);
  }
  return delivered;
}

/** Upgrades a basic group: `migrate_to_chat_id` in the old chat, `migrate_from_chat_id` in the new one. */
export function upgradeGroup(world: World, id: number): SandboxChat {
  const created = world.registry.upgradeGroup(id);
  deliverService(world, id, { migrate_to_chat_id: created.id });
  deliverService(world, created.id, { migrate_from_chat_id: id });
  return created;
}
