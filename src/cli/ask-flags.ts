import { parseArgs } from "node:util";
import { SETTINGS_FLAGS } from "./settings-flags.js";

// Imports nothing of the product but the flags: main.ts reads `ask`'s command line with it before
// the CLI's modules load.

export const ASK_USAGE =
  'wiki-gateway ask [--agent ID] [--json] [--refresh] [--no-model] ["question"]   (no question: one per line on stdin)';

export const ASK_FLAGS = {
  ...SETTINGS_FLAGS,
  agent: { type: "string" },
  "no-model": { type: "boolean" },
  json: { type: "boolean" },
  refresh: { type: "boolean" },
} as const;

/** The question a command line's words make: "" when it names none (`ask` reads stdin then). */
export function questionOf(positionals: readonly string[]): string {
  return positionals.join(" ").trim();
}

/**
 * Whether the command line `argv` (after the program) is `ask` with a question to answer (read as
 * `ask` reads it): a process that exits once it has answered. False for a batch (questions on
 * stdin), and for a command line `ask` refuses.
 */
export function asksOneQuestion(argv: readonly string[]): boolean {
  if (argv[0] !== "ask") return false;
  try {
    const { positionals } = parseArgs({
      args: argv.slice(1),
      options: ASK_FLAGS,
      allowPositionals: true,
      strict: true,
    });
    return questionOf(positionals) !== "";
  } catch {
    return false;
  }
}
