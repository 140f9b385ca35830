import {
  answeredIn,
  BOT_COMMANDS,
  type BotCommandEntry,
  type BotCommandId,
} from "../../core/bot-commands.js";
import type { InboundMessage } from "../../core/inbound-message.js";
import type { Reply } from "../../core/reply.js";
import type { AgentSettings } from "../agent-settings.js";
import { splitTelegramHtml } from "../format/index.js";
import { appendCommand, editCommand, type EditDeps, newCommand } from "./edit-commands.js";
import {
  helpText,
  pageCommand,
  recentCommand,
  searchCommand,
  startText,
  whoamiText,
} from "./read-commands.js";

/** What a command's handler is given: the message, its agent, whether the sender edits, the wiki. */
export interface CommandContext {
  msg: InboundMessage;
  agent: AgentSettings;
  /** The sender is one of the agent's editors. */
  editor: boolean;
  /** The text after the command. */
  args: string;
  deps: EditDeps;
}

/** A command's handler: the reply's Telegram HTML (the agent splits it into messages). */
export type CommandHandler = (ctx: CommandContext) => string | Promise<string>;

/** A command of the registry with its handler. */
export type BotCommand = BotCommandEntry & { run: CommandHandler };

/** One handler per entry of BOT_COMMANDS, by id: an entry without one does not compile. */
const HANDLERS: { readonly [Id in BotCommandId]: CommandHandler } = {
  start: ({ agent, editor }) => startText(agent, editor),
  help: ({ agent, editor }) => helpText(agent, editor),
  search: ({ deps, agent, args }) => searchCommand(deps, agent, args),
  page: ({ deps, agent, args, editor }) => pageCommand(deps, agent, args, editor),
  recent: ({ deps, agent, args }) => recentCommand(deps, agent, args),
  whoami: ({ msg }) => whoamiText(msg),
  new: ({ deps, agent, args }) => newCommand(deps, agent, args),
  edit: ({ deps, agent, args }) => editCommand(deps, agent, args),
  append: ({ deps, agent, args }) => appendCommand(deps, agent, args),
};

/** The bot commands with their handlers, in the registry's order. */
export const COMMANDS: readonly BotCommand[] = BOT_COMMANDS.map((entry) => ({
  ...entry,
  run: HANDLERS[entry.id],
}));

export const EDITORS_ONLY_TEXT =
  "Only this wiki's editors can change pages. Ask the operator to add your user id (send /whoami) to this agent's editors.";

/**
 * Runs `command` (lower-case, without `/`) from `commands`: an unknown one points to /help, an
 * editors' command from anyone else is refused with how to become an editor, one sent where it
 * is not answered says where it is. Wiki failures propagate (the agent logs them once).
 */
export async function runCommand(
  command: string,
  ctx: CommandContext,
  commands: readonly BotCommand[] = COMMANDS,
): Promise<Reply> {
  const entry = commands.find((c) => c.command === command);
  const reply = (html: string, kind: "command" | "refused"): Reply => ({
    kind,
    chunks: splitTelegramHtml(html),
  });
  if (!entry) return reply(`I do not know /${command}. Send /help for what I can do.`, "command");
  if (entry.who === "editors" && !ctx.editor) return reply(EDITORS_ONLY_TEXT, "refused");
  if (!answeredIn(entry, ctx.msg.chatType))
    return reply(
      `/${entry.command} works in ${entry.where === "dm" ? "a private chat with me" : "groups"} only.`,
      "refused",
    );
  return reply(await entry.run(ctx), "command");
}
