import type { Command } from "./command.js";

const usage = "wiki-gateway start";

/** `start`: not available in this build yet. */
export const startCommand: Command = {
  name: "start",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway start is not available in this build yet\n");
    return 2;
  },
};
