/**
 * The bot commands every agent answers: the one list the command menu (setMyCommands), `/help`,
 * the group policy ("is this bare `/cmd` mine?") and the docs' command table come from. The agent
 * attaches one handler to each entry by its id (agents/commands/registry.ts; a missing handler
 * does not compile), and a test checks the docs' table against this list.
 *
 * Adding a command: an entry here, its handler there, a row in the docs' table.
 */

/** Who may run a command: anyone the policy lets in, or only the agent's editors. */
export type CommandAudience = "everyone" | "editors";
/** Where a command is answered: in a private chat, in a group, or both. */
export type CommandPlace = "dm" | "group" | "both";

export interface BotCommandEntry {
  /**
   * The entry's stable name: its handler's key (agents/commands/registry.ts) and the key of its
   * texts in a message catalogue (description, usage, help).
   */
  id: string;
  /** What users type after `/` (lower-case, at most 32 of a–z, 0–9, `_`). */
  command: string;
  /** The menu's line (setMyCommands: 3–256 characters). */
  description: string;
  /** How the command is written, as `/help` and the docs show it. */
  usage: string;
  /** What `/help` says after the usage; absent: `/help` does not list it (`/start`, `/help` itself). */
  help?: string;
  who: CommandAudience;
  where: CommandPlace;
}

export const BOT_COMMANDS = [
  {
    id: "start",
    command: "start",
    description: "What this bot does",
    usage: "/start",
    who: "everyone",
    where: "both",
  },
  {
    id: "help",
    command: "help",
    description: "How to ask, and the commands",
    usage: "/help",
    who: "everyone",
    where: "both",
  },
  {
    id: "search",
    command: "search",
    description: "Pages about some words: /search WORDS",
    usage: "/search WORDS",
    help: "pages about these words",
    who: "everyone",
    where: "both",
  },
  {
    id: "page",
    command: "page",
    description: "Show a page: /page ID or PATH",
    usage: "/page ID|PATH",
    help: "show a page",
    who: "everyone",
    where: "both",
  },
  {
    id: "recent",
    command: "recent",
    description: "Recently updated pages: /recent [N]",
    usage: "/recent [N]",
    help: "recently updated pages",
    who: "everyone",
    where: "both",
  },
  {
    id: "whoami",
    command: "whoami",
    description: "Your user id and this chat's id",
    usage: "/whoami",
    help: "your user id and this chat's id",
    who: "everyone",
    where: "both",
  },
  {
    id: "new",
    command: "new",
    description: "Editors: /new PATH TITLE, text on the next lines",
    usage: "/new PATH TITLE",
    help: "then the page text on the next lines",
    who: "editors",
    where: "both",
  },
  {
    id: "edit",
    command: "edit",
    description: "Editors: /edit ID|PATH, new text on the next lines",
    usage: "/edit ID|PATH",
    help: "then the new page text on the next lines",
    who: "editors",
    where: "both",
  },
  {
    id: "append",
    command: "append",
    description: "Editors: /append ID|PATH TEXT",
    usage: "/append ID|PATH TEXT",
    help: "adds TEXT at the end of the page",
    who: "editors",
    where: "both",
  },
] as const satisfies readonly BotCommandEntry[];

/** The id of a command in BOT_COMMANDS. */
export type BotCommandId = (typeof BOT_COMMANDS)[number]["id"];

const BY_COMMAND: ReadonlyMap<string, BotCommandEntry> = new Map(BOT_COMMANDS.map((c) => [c.command, c]));

/** The entry of a command the agents answer (lower-case, without `/`), if it is one. */
export function botCommand(command: string): BotCommandEntry | undefined {
  return BY_COMMAND.get(command);
}

/** A command the agents answer (lower-case, without `/`). */
export function isKnownCommand(command: string): boolean {
  return BY_COMMAND.has(command);
}

/**
 * The menu Telegram shows (setMyCommands; registered only when it changes, since repeated calls
 * draw 429s): every command, in the order above.
 */
export function commandMenu(): Array<{ command: string; description: string }> {
  return BOT_COMMANDS.map((c) => ({ command: c.command, description: c.description }));
}

/** Whether a command is answered in a chat of this type. */
export function answeredIn(entry: Pick<BotCommandEntry, "where">, chatType: string): boolean {
  if (entry.where === "both") return true;
  return entry.where === "dm" ? chatType === "private" : chatType === "group" || chatType === "supergroup";
}
