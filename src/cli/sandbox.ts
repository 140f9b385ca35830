import type { Command } from "./command.js";

const usage = "wiki-gateway sandbox";

/** `sandbox`: not available in this build yet. */
export const sandboxCommand: Command = {
  name: "sandbox",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway sandbox is not available in this build yet\n");
    return 2;
  },
};
