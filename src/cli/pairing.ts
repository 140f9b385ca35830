import type { Command } from "./command.js";

const usage = "wiki-gateway pairing";

/** `pairing`: not available in this build yet. */
export const pairingCommand: Command = {
  name: "pairing",
  summary: "(not available yet)",
  usage,
  async run(_args, io) {
    io.err("wiki-gateway pairing is not available in this build yet\n");
    return 2;
  },
};
