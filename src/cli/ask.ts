import type { Command } from "./command.js";

const usage = "wiki-gateway ask";

/** `ask`: not available in this build yet. */
export const askCommand: Command = {
  name: "ask",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway ask is not available in this build yet\n");
    return 2;
  },
};
