import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { captureIo } from "../../helpers/cli.js";

const ACCOUNTS = ["default", "vera", "denis", "cpo", "devops-v2", "mila", "pe"];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wg-check-"));
});

async function writeExampleWithTokens(): Promise<string> {
  const example = await readFile(new URL("../../../config/gateway.example.json", import.meta.url), "utf8");
  await writeFile(join(dir, "gateway.json"), example);
  await mkdir(join(dir, "secrets"));
  let n = 0;
  for (const account of ACCOUNTS) {
    n += 1;
    await writeFile(
      join(dir, "secrets", `telegram-${account}.token`),
      `10000${n}:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDk${n}x\n`,
    );
  }
  return join(dir, "gateway.json");
}

describe("wiki-gateway check", () => {
  it("accepts the example configuration when its token files exist", async () => {
    const path = await writeExampleWithTokens();
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(0);
    expect(io.stdout()).toContain("OK");
    for (const account of ACCOUNTS) expect(io.stdout()).toContain(account);
    expect(io.stdout()).toMatch(/default \*\s+main\s+pairing/);
    // The example's forum group has two topic entries.
    expect(io.stdout()).toContain("-1001234567890 (@) + 2 topic(s)");
  });

  it("reads the path from GATEWAY_CONFIG", async () => {
    const path = await writeExampleWithTokens();
    const io = captureIo({ GATEWAY_CONFIG: path });
    expect(await runCli(["check"], io)).toBe(0);
  });

  it("prints JSON with --json", async () => {
    const path = await writeExampleWithTokens();
    const io = captureIo();
    expect(await runCli(["check", "--config", path, "--json"], io)).toBe(0);
    const report = JSON.parse(io.stdout());
    expect(report.ok).toBe(true);
    expect(report.summary).toHaveLength(7);
  });

  it("exits 2 and names the token file that is missing", async () => {
    const path = await writeExampleWithTokens();
    await writeFile(join(dir, "secrets", "telegram-mila.token"), "<BOT_TOKEN>\n");
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(2);
    expect(io.stderr()).toContain("accounts.mila.botTokenFile");
    expect(io.stderr()).toContain("placeholder");
  });

  it("exits 2 when two enabled accounts share a bot token, under a heading that says so", async () => {
    const path = await writeExampleWithTokens();
    const config = JSON.parse(await readFile(path, "utf8"));
    config.accounts.vera.botTokenFile = "secrets/telegram-default.token";
    await writeFile(path, JSON.stringify(config));
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(2);
    expect(io.stderr()).toContain(`${path} has 1 problem(s) with the accounts' bot tokens`);
    expect(io.stderr()).not.toContain("cannot be read");
    expect(io.stderr()).toContain('accounts.vera: uses the same bot token as account "default"');
  });

  it("accepts a disabled account sharing the token file of an enabled one: only one polls", async () => {
    const path = await writeExampleWithTokens();
    const config = JSON.parse(await readFile(path, "utf8"));
    config.accounts.vera.botTokenFile = "secrets/telegram-default.token";
    config.accounts.vera.enabled = false;
    await writeFile(path, JSON.stringify(config));
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(0);
  });

  it("exits 2 with every problem of an invalid file", async () => {
    const path = join(dir, "gateway.json");
    await writeFile(
      path,
      JSON.stringify({
        defaultAccount: "x",
        accounts: { x: { botToken: "<BOT_TOKEN>", allowFrom: ["-100123"], webhookUrl: "https://h" } },
        bindings: [],
      }),
    );
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(2);
    const text = io.stderr();
    expect(text).toContain("accounts.x.botToken");
    expect(text).toContain("replace the placeholder");
    expect(text).toContain("accounts.x.allowFrom[0]");
    expect(text).toContain("accounts.x.webhookUrl");
    expect(text).toContain("not bound");
    expect(text).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  it("warns that an empty group sender list answers nobody, and says what to change", async () => {
    const path = await writeExampleWithTokens();
    const config = JSON.parse(await readFile(path, "utf8"));
    config.accounts.default.groupAllowFrom = [];
    await writeFile(path, JSON.stringify(config));
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(0);
    expect(io.stdout()).toContain("OK");
    expect(io.stdout()).toMatch(
      /warning: accounts\.default\.groupAllowFrom: is empty, so no member is answered.*\n {2}fix: .*remove groupAllowFrom/,
    );
  });

  it("takes an agent's language as written (ru-RU), warns when the bot has no catalogue for it, refuses a malformed one", async () => {
    const path = await writeExampleWithTokens();
    const config = JSON.parse(await readFile(path, "utf8"));
    config.agents.main.language = "ru-RU";
    config.agents.devops.language = "fr";
    await writeFile(path, JSON.stringify(config));
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(0);
    expect(io.stdout()).not.toContain("agents.main.language");
    expect(io.stdout()).toMatch(
      /warning: agents\.devops\.language: the bot has no catalogue for "fr".*English\n {2}fix: set it to one of en, ru, de, es, zh/,
    );
    config.agents.devops.language = "русский";
    await writeFile(path, JSON.stringify(config));
    const refused = captureIo();
    expect(await runCli(["check", "--config", path], refused)).toBe(2);
    expect(refused.stderr()).toContain("must be a language code like en, ru or zh-hans");
  });

  it("exits 2 for a missing file", async () => {
    const io = captureIo();
    expect(await runCli(["check", "--config", join(dir, "nope.json")], io)).toBe(2);
    expect(io.stderr()).toContain("does not exist");
    expect(io.stderr()).toContain("gateway.example.json");
  });

  it("exits 2 for broken JSON with line and column", async () => {
    const path = join(dir, "gateway.json");
    await writeFile(path, '{\n  "enabled": true,\n  "defaultAccount": "a"\n  "accounts": {}\n}\n');
    const io = captureIo();
    expect(await runCli(["check", "--config", path], io)).toBe(2);
    expect(io.stderr()).toMatch(/line 4, column 3/);
  });

  it("rejects unknown flags as usage errors", async () => {
    const io = captureIo();
    expect(await runCli(["check", "--frobnicate"], io)).toBe(2);
    expect(io.stderr()).toContain("usage");
  });
});
