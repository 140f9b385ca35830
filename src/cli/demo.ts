import type { Command } from "./command.js";

const usage = "wiki-gateway demo";

/** `demo`: not available in this build yet. */
export const demoCommand: Command = {
  name: "demo",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway demo is not available in this build yet\n");
    return 2;
  },
};
