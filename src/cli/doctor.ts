import type { Command } from "./command.js";

const usage = "wiki-gateway doctor";

/** `doctor`: not available in this build yet. */
export const doctorCommand: Command = {
  name: "doctor",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway doctor is not available in this build yet\n");
    return 2;
  },
};
