import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../../src/cli/run-cli.js";

describe("the command list", () => {
  it("names and summarises each command as the command itself does", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect(command.name, entry.name).toBe(entry.name);
      expect(command.summary, entry.name).toBe(entry.summary);
    }
  });
});
