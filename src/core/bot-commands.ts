/**
 * The commands every agent answers, and the menu Telegram shows for them (setMyCommands; register
 * them only when they change, since repeated calls draw 429s). Descriptions are 3–256 characters,
 * commands lower-case. The policy reads the names too: in a group, a bare `/cmd` that is not one
 * of them is a command for another bot and is not answered.
 */
export const BOT_COMMANDS: ReadonlyArray<{ command: string; description: string }> = [
  { command: "start", description: "What this bot does" },
  { command: "help", description: "How to ask, and the commands" },
  { command: "search", description: "Pages about some words: /search WORDS" },
  { command: "page", description: "Show a page: /page ID or PATH" },
  { command: "recent", description: "Recently updated pages: /recent [N]" },
  { command: "whoami", description: "Your user id and this chat's id" },
  { command: "new", description: "Editors: /new PATH TITLE, text on the next lines" },
  { command: "edit", description: "Editors: /edit ID|PATH, new text on the next lines" },
  { command: "append", description: "Editors: /append ID|PATH TEXT" },
];

export const EDITOR_COMMANDS: ReadonlySet<string> = new Set(["new", "edit", "append"]);

const KNOWN: ReadonlySet<string> = new Set(BOT_COMMANDS.map((c) => c.command));

/** A command the agents answer (lower-case, without `/`). */
export function isKnownCommand(command: string): boolean {
  return KNOWN.has(command);
}
