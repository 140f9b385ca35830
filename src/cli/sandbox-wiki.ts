import type { Command } from "./command.js";

/** `sandbox wiki`: not available in this build yet. */
export const sandboxWikiCommand: Command = {
  name: "wiki",
  summary: "(not available yet)",
  usage: "wiki-gateway sandbox wiki",
  async run(_args, io) {
    io.err("wiki-gateway sandbox wiki is not available in this build yet\n");
    return 2;
  },
};
