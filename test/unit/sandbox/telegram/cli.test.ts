import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxTelegramCommand } from "../../../../src/cli/sandbox-telegram.js";
import { captureIo } from "../../../helpers/cli.js";
import { callApi, until } from "./helpers.js";

/** Starts the command with an AbortSignal (the test's way to stop it) and waits for its banner. */
async function startCommand(args: string[]) {
  const io = captureIo();
  const controller = new AbortController();
  const exit = sandboxTelegramCommand.run(["--port", "0", ...args], io, controller.signal);
  await until(() => io.stdout().includes("Press Ctrl-C"), 5000, "the banner");
  const apiRoot = /API root\s+(\S+)/.exec(io.stdout())![1]!;
  const tokens = Object.fromEntries(
    [...io.stdout().matchAll(/@(\S+)\s+token (\S+)/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { io, apiRoot, tokens, stop: () => controller.abort(), exit };
}

describe("wiki-gateway sandbox telegram", () => {
  it("starts the seven reference bots, prints root, control URL and tokens, and stops cleanly", async () => {
    const cmd = await startCommand([]);
    try {
      expect(cmd.apiRoot).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(cmd.io.stdout()).toContain(`${cmd.apiRoot}/__sandbox/state`);
      expect(Object.keys(cmd.tokens)).toEqual([
        "default_wiki_bot",
        "vera_wiki_bot",
        "denis_wiki_bot",
        "cpo_wiki_bot",
        "devops_v2_wiki_bot",
        "mila_wiki_bot",
        "pe_wiki_bot",
      ]);
      const me = await callApi(cmd.apiRoot, cmd.tokens["vera_wiki_bot"]!, "getMe");
      expect(me.body.result).toMatchObject({ username: "vera_wiki_bot", is_bot: true });
      const state = await fetch(`${cmd.apiRoot}/__sandbox/state`).then((r) => r.json() as Promise<any>);
      expect(state.users).toEqual([expect.objectContaining({ firstName: "Ada", username: "ada" })]);
    } finally {
      cmd.stop();
    }
    expect(await cmd.exit).toBe(0);
    expect(cmd.io.stdout()).toContain("Telegram sandbox stopped");
    await expect(fetch(`${cmd.apiRoot}/__sandbox/state`)).rejects.toThrow();
  });

  it("--bots FILE defines bots, users and groups", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wg-sandbox-cli-"));
    const file = join(dir, "world.json");
    writeFileSync(
      file,
      JSON.stringify({
        bots: [
          {
            username: "solo_bot",
            firstName: "Solo",
            privacy: false,
            token: "42:abcdefghijklmnopqrstuvwxyzABCDEFGHI",
          },
        ],
        users: [{ firstName: "Eve", username: "eve" }],
        groups: [{ title: "Lab", type: "group", members: ["eve"], bots: ["solo_bot"] }],
      }),
    );
    const cmd = await startCommand(["--bots", file]);
    try {
      expect(cmd.tokens).toEqual({ solo_bot: "42:abcdefghijklmnopqrstuvwxyzABCDEFGHI" });
      const me = await callApi(cmd.apiRoot, "42:abcdefghijklmnopqrstuvwxyzABCDEFGHI", "getMe");
      expect(me.body.result).toMatchObject({ id: 42, can_read_all_group_messages: true });
      expect(cmd.io.stdout()).toMatch(/Lab\s+group\s+id -\d+/);
    } finally {
      cmd.stop();
    }
    expect(await cmd.exit).toBe(0);
  });

  it("bad flags and bad files are errors with a fix", async () => {
    const io = captureIo();
    await expect(sandboxTelegramCommand.run(["--port", "x"], io)).rejects.toMatchObject({ code: "usage" });
    await expect(sandboxTelegramCommand.run(["--bots", "/nonexistent/world.json"], io)).rejects.toMatchObject(
      {
        code: "sandbox-bad-world-file",
      },
    );
  });
});
