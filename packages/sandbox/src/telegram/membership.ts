import type { ChatPlace } from "./chat-store.js";
import { SandboxError } from "./errors.js";
import { botObject, chatObject, userObject } from "./render.js";
import { usernameKey } from "./registry.js";
import { unixTime, type World } from "./world.js";

export type MemberStatus = "member" | "administrator" | "left" | "kicked";

/** A my_chat_member update for `bot`: its own status in the chat changed from `old` to `now`, by `by`. */
function deliverMyChatMember(
  world: World,
  bot: string,
  place: ChatPlace,
  by: number,
  old: MemberStatus,
  now: MemberStatus,
): void {
  const state = world.botState(bot);
  const user = world.registry.findUser(by);
  const member = (status: MemberStatus) => ({
    user: botObject(state.bot),
    status,
    ...(status === "kicked" ? { until_date: 0 } : {}),
  });
  state.updates.deliver({
    my_chat_member: {
      chat: chatObject(world, place),
      from: user ? userObject(user) : { id: by, is_bot: false, first_name: "" },
      date: unixTime(world),
      old_chat_member: member(old),
      new_chat_member: member(now),
    },
  });
}

/** The user blocked or unblocked the bot: `kicked` / `member` in their private chat. */
export function reportBlock(world: World, bot: string, userId: number, blocked: boolean): void {
  const place: ChatPlace = { chatId: userId, type: "private", dmBot: usernameKey(bot) };
  deliverMyChatMember(
    world,
    bot,
    place,
    userId,
    blocked ? "member" : "kicked",
    blocked ? "kicked" : "member",
  );
}

/**
 * An admin promotes the bot to administrator of a group it is in, or demotes it to member; the bot
 * gets a my_chat_member update. Only administrators get `message_reaction` updates from a group.
 */
export function setBotAdmin(world: World, groupId: number, bot: string, admin: boolean, by?: number): void {
  const group = world.registry.group(groupId);
  const key = usernameKey(world.registry.bot(bot).username);
  if (!group.bots.has(key))
    throw new SandboxError(
      "not-a-member",
      `@${bot} is not in group ${groupId}`,
      "add the bot to the group first",
    );
  const actor = by ?? [...group.members][0];
  if (actor === undefined) throw new SandboxError("no-member", `group ${groupId} has no members`, "add one");
  if (group.admins.has(key) === admin) return;
  if (admin) group.admins.add(key);
  else group.admins.delete(key);
  const place: ChatPlace = { chatId: groupId, type: group.chat.type };
  if (admin) deliverMyChatMember(world, bot, place, actor, "member", "administrator");
  else deliverMyChatMember(world, bot, place, actor, "administrator", "member");
}

/**
 * An admin adds the bot to a group (`member`) or removes it (`kicked`; sends then answer 403
 * `bot was kicked from the … chat`). The bot gets a my_chat_member update either way.
 */
export function setBotMembership(
  world: World,
  groupId: number,
  bot: string,
  status: "member" | "kicked",
  by?: number,
): void {
  const group = world.registry.group(groupId);
  const key = usernameKey(world.registry.bot(bot).username);
  const actor = by ?? [...group.members][0];
  if (actor === undefined) throw new SandboxError("no-member", `group ${groupId} has no members`, "add one");
  const was: MemberStatus = group.bots.has(key) ? "member" : group.kicked.has(key) ? "kicked" : "left";
  if (was === status) return;
  if (status === "member") {
    group.bots.add(key);
    group.kicked.delete(key);
  } else {
    group.bots.delete(key);
    group.admins.delete(key);
    group.kicked.add(key);
  }
  deliverMyChatMember(world, bot, { chatId: groupId, type: group.chat.type }, actor, was, status);
}
