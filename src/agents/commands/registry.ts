import {
  answeredIn,
  BOT_COMMANDS,
  type BotCommandEntry,
  type BotCommandId,
} from "../../core/bot-commands.js";
import type { InboundMessage } from "../../core/inbound-message.js";
import type { Reply } from "../../core/reply.js";
import type { Texts } from "../../i18n/index.js";
import type { AgentSettings } from "../agent-settings.js";
import { splitTelegramHtml } from "../format/index.js";
import { appendCommand, editCommand, type EditDeps, newCommand } from "./edit-commands.js";
import {
  asker,
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
  /** What the sender is told in: their language (agent-language.ts). */
  texts: Texts;
}

/** A command's handler: the reply's Telegram HTML (the agent splits it into messages). */
export type CommandHandler = (ctx: CommandContext) => string | Promise<string>;

/** A command of the registry with its handler. */
export type BotCommand = BotCommandEntry & { run: CommandHandler };

/** One handler per entry of BOT_COMMANDS, by id: an entry without one does not compile. */
const HANDLERS: { readonly [Id in BotCommandId]: CommandHandler } = {
  start: ({ agent, editor, texts }) => startText(agent, editor, texts),
  help: ({ agent, editor, texts }) => helpText(agent, editor, texts),
  search: ({ deps, agent, args, texts, msg }) => searchCommand(deps, agent, args, asker(texts, msg)),
  page: ({ deps, agent, args, editor, texts, msg }) =>
    pageCommand(deps, agent, args, editor, asker(texts, msg)),
  recent: ({ deps, agent, args, texts, msg }) => recentCommand(deps, agent, args, asker(texts, msg)),
  whoami: ({ msg, texts }) => whoamiText(msg, texts),
  // Bare, it starts the sender's conversation over (the pipeline forgets it: conversations.ts).
  new: ({ deps, agent, args, texts }) =>
    args.trim() === "" ? texts.t("conversation.startedOver") : newCommand(deps, agent, args, texts),
  edit: ({ deps, agent, args, texts }) => editCommand(deps, agent, args, texts),
  append: ({ deps, agent, args, texts }) => appendCommand(deps, agent, args, texts),
};

/** The bot commands with their handlers, in the registry's order. */
export const COMMANDS: readonly BotCommand[] = BOT_COMMANDS.map((entry) => ({
  ...entry,
  run: HANDLERS[entry.id],
}));

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
  const { texts } = ctx;
  if (!entry) return reply(texts.t("command.unknown", { command }), "command");
  const who = ctx.args.trim() === "" && entry.bare !== undefined ? entry.bare : entry.who;
  if (who === "editors" && !ctx.editor) return reply(texts.t("edit.editorsOnly"), "refused");
  if (!answeredIn(entry, ctx.msg.chatType)) {
    const where = entry.where === "dm" ? "command.dmOnly" : "command.groupOnly";
    return reply(texts.t(where, { command: entry.command }), "refused");
  }
  return reply(await entry.run(ctx), "command");
}
