import type { Command } from "./command.js";
import { sandboxTelegramCommand } from "./sandbox-telegram.js";
import { sandboxWikiCommand } from "./sandbox-wiki.js";

const usage = "wiki-gateway sandbox <telegram|wiki> [options]";
const SUBCOMMANDS = [sandboxTelegramCommand, sandboxWikiCommand];

/** `sandbox`: runs a local stand-in (Telegram Bot API server or Wiki.js-compatible wiki) standalone. */
export const sandboxCommand: Command = {
  name: "sandbox",
  summary: "run a local stand-in: `sandbox telegram` (Bot API server) or `sandbox wiki` (Wiki.js GraphQL)",
  usage,
  subcommands: SUBCOMMANDS,
  async run(args, io) {
    const [which, ...rest] = args;
    const sub = SUBCOMMANDS.find((c) => c.name === which);
    if (!sub) {
      io.err(`usage: ${usage}\n${SUBCOMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`).join("\n")}\n`);
      return 2;
    }
    return sub.run(rest, io);
  },
};
