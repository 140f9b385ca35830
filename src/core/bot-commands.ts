/**
 * The bot commands every agent answers: the one list the command menu (setMyCommands), `/help`,
 * the group policy ("is this bare `/cmd` mine?") and the docs' command table come from. What users
 * read of a command, its menu line and its `/help` line, is in the message catalogues (src/i18n),
 * keyed by its id: `menu.<id>` and `help.<id>`. The agent
 * attaches one handler to each entry by its id (agents/commands/registry.ts; a missing handler
 * does not compile), and a test checks the docs' table against this list.
 *
 * Adding a command: an entry here, its handler there, its texts in every catalogue, a row in the
 * docs' table.
 */

/** Who may run a command: anyone the policy lets in, or only the agent's editors. */
export type CommandAudience = "everyone" | "editors";
/** Where a command is answered: in a private chat, in a group, or both. */
export type CommandPlace = "dm" | "group" | "both";

export interface BotCommandEntry {
  /**
   * The entry's stable name: its handler's key (agents/commands/registry.ts) and the key of its
   * texts in the message catalogues (`menu.<id>`, `help.<id>`).
   */
  id: string;
  /** What users type after `/` (lower-case, at most 32 of a–z, 0–9, `_`). */
  command: string;
  /** How the command is written in English, as the docs show it (`/help` shows `help.<id>`). */
  usage: string;
  /** `/help` lists it (with its line `help.<id>`); not `/start` and `/help` themselves. */
  inHelp: boolean;
  who: CommandAudience;
  /** Who may send it without arguments, when that is someone else than `who` (a bare `/new` starts the conversation over). */
  bare?: CommandAudience;
  where: CommandPlace;
}

export const BOT_COMMANDS = [
  {
    id: "start",
    command: "start",
    usage: "/start",
    inHelp: false,
    who: "everyone",
    where: "both",
  },
  {
    id: "help",
    command: "help",
    usage: "/help",
    inHelp: false,
    who: "everyone",
    where: "both",
  },
  {
    id: "search",
    command: "search",
    usage: "/search WORDS",
    inHelp: true,
    who: "everyone",
    where: "both",
  },
  {
    id: "page",
    command: "page",
    usage: "/page ID|PATH",
    inHelp: true,
    who: "everyone",
    where: "both",
  },
  {
    id: "recent",
    command: "recent",
    usage: "/recent [N]",
    inHelp: true,
    who: "everyone",
    where: "both",
  },
  {
    id: "whoami",
    command: "whoami",
    usage: "/whoami",
    inHelp: true,
    who: "everyone",
    where: "both",
  },
  {
    id: "new",
    command: "new",
    usage: "/new PATH TITLE",
    inHelp: true,
    who: "editors",
    bare: "everyone",
    where: "both",
  },
  {
    id: "edit",
    command: "edit",
    usage: "/edit ID|PATH",
    inHelp: true,
    who: "editors",
    where: "both",
  },
  {
    id: "append",
    command: "append",
    usage: "/append ID|PATH TEXT",
    inHelp: true,
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

/** Whether a command is answered in a chat of this type. */
export function answeredIn(entry: Pick<BotCommandEntry, "where">, chatType: string): boolean {
  if (entry.where === "both") return true;
  return entry.where === "dm" ? chatType === "private" : chatType === "group" || chatType === "supergroup";
}
