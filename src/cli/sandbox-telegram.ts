import type { Command } from "./command.js";

/** `sandbox telegram`: not available in this build yet. */
export const sandboxTelegramCommand: Command = {
  name: "telegram",
  summary: "(not available yet)",
  usage: "wiki-gateway sandbox telegram",
  async run(_args, io) {
    io.err("wiki-gateway sandbox telegram is not available in this build yet\n");
    return 2;
  },
};
