import type { Command } from "./command.js";

const usage = "wiki-gateway wiki";

/** `wiki`: not available in this build yet. */
export const wikiCommand: Command = {
  name: "wiki",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway wiki is not available in this build yet\n");
    return 2;
  },
};
