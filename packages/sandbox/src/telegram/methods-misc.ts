import { chatForBot } from "./chat-access.js";
import { badRequest } from "./errors.js";
import type { Method } from "./method-types.js";
import { intParam, jsonParam } from "./params.js";
import { botObject, chatObject, userObject } from "./render.js";

/** getMe, getChat, getChatMember, the commands methods, close, logOut. */

export const getMe: Method = (_world, { state }) => ({
  ...botObject(state.bot),
  can_join_groups: true,
  can_read_all_group_messages: !state.bot.privacy,
  supports_inline_queries: state.bot.inline,
  can_connect_to_business: false,
  has_main_web_app: false,
});

export const getChat: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id, "read");
  return { ...chatObject(world, place), accent_color_id: 0, max_reaction_count: 11 };
};

export const getChatMember: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id, "read");
  const userId = intParam(params, "user_id");
  if (userId === undefined) throw badRequest("user_id is empty");
  const user = world.registry.findUser(userId);
  const bot = world.registry.botById(userId);
  if (!user && !bot) throw badRequest("user not found");
  const who = user ? userObject(user) : botObject(bot!);
  let member: boolean;
  let admin = false;
  if (place.type === "private") member = userId === place.chatId || userId === state.bot.id;
  else {
    const group = world.registry.findGroup(place.chatId)!;
    member = user ? group.members.has(userId) : group.bots.has(bot!.username.toLowerCase());
    admin = !user && group.admins.has(bot!.username.toLowerCase());
  }
  // A bot administrator: the rights a bot gets by default when promoted.
  if (admin) return { status: "administrator", user: who, can_be_edited: false, ...ADMIN_RIGHTS };
  return { status: member ? "member" : "left", user: who };
};

const ADMIN_RIGHTS = {
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: false,
  can_manage_video_chats: false,
  can_restrict_members: false,
  can_promote_members: false,
  can_change_info: false,
  can_invite_users: false,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
};

const COMMAND = /^[a-z0-9_]{1,32}$/;

/** Commands are stored per scope and language, as Telegram does. */
function commandsKey(params: Record<string, unknown>): string {
  const scope = (jsonParam(params, "scope") as { type?: unknown } | undefined) ?? { type: "default" };
  const language = typeof params.language_code === "string" ? params.language_code : "";
  return `${JSON.stringify(scope)}|${language}`;
}

export const setMyCommands: Method = (_world, { state, params }) => {
  const commands = jsonParam(params, "commands");
  if (!Array.isArray(commands)) throw badRequest("can't parse commands JSON object");
  if (commands.length > 100) throw badRequest("BOT_COMMANDS_TOO_MUCH");
  const clean = commands.map((c: { command?: unknown; description?: unknown }) => {
    if (typeof c?.command !== "string" || !COMMAND.test(c.command)) throw badRequest("BOT_COMMAND_INVALID");
    if (typeof c.description !== "string" || c.description.length < 1 || c.description.length > 256) {
      throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
    }
    return { command: c.command, description: c.description };
  });
  if (clean.length === 0) state.commands.delete(commandsKey(params));
  else state.commands.set(commandsKey(params), clean);
  return true;
};

export const getMyCommands: Method = (_world, { state, params }) =>
  state.commands.get(commandsKey(params)) ?? [];

export const deleteMyCommands: Method = (_world, { state, params }) => {
  state.commands.delete(commandsKey(params));
  return true;
};

/** close and logOut: harmless here (the sandbox has no other server to move to). */
export const harmless: Method = () => true;
