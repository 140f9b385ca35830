import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { pairingCommand } from "../../../src/cli/pairing.js";
import { createPairingStore } from "../../../src/policy/pairing-store.js";
import { createStateLayout } from "../../../src/state/layout.js";
import { captureIo } from "../../helpers/cli.js";
import { dm } from "../policy/fixtures.js";

const TOKEN = "123456:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkxx";
let dir: string;
let stateDir: string;
let configPath: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wg-pairing-cli-"));
  stateDir = join(dir, "state");
  configPath = join(dir, "gateway.json");
  await writeConfig({ main: {}, vera: { dmPolicy: "allowlist", allowFrom: ["5"] } });
});

async function writeConfig(accounts: Record<string, Record<string, unknown>>) {
  const config = {
    defaultAccount: "main",
    accounts: Object.fromEntries(
      Object.entries(accounts).map(([name, a], i) => [
        name,
        { botToken: TOKEN.replace("123456", String(123456 + i)), ...a },
      ]),
    ),
    bindings: Object.keys(accounts).map((name) => ({
      agentId: "wiki",
      match: { channel: "telegram", accountId: name },
    })),
    agents: { wiki: {} },
  };
  await writeFile(configPath, JSON.stringify(config));
}

function daemonStore() {
  const layout = createStateLayout(stateDir);
  return createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock });
}

async function requestFrom(account: string, senderId: number, text = "how do I reset my VPN?") {
  const outcome = await daemonStore().request(
    account,
    dm({ account, senderId, chatId: senderId, text, senderUsername: `user${senderId}` }),
  );
  if (outcome.kind !== "created") throw new Error("expected a new request");
  return outcome.code;
}

async function run(...args: string[]) {
  const io = captureIo();
  const code = await pairingCommand.run([...args, "--state-dir", stateDir, "--config", configPath], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe("wiki-gateway pairing", () => {
  it("keeps its exported name", () => {
    expect(pairingCommand.name).toBe("pairing");
  });

  it("lists pending requests as a table and as JSON", async () => {
    const code = await requestFrom("main", 111);
    const table = await run("list");
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/account\s+code\s+user id\s+user/);
    expect(table.out).toContain(code);
    expect(table.out).toContain("@user111");
    expect(table.out).toContain("how do I reset my VPN?");
    const json = await run("list", "--json");
    expect(JSON.parse(json.out)).toEqual([
      expect.objectContaining({
        account: "main",
        code,
        userId: "111",
        username: "user111",
        text: "how do I reset my VPN?",
      }),
    ]);
    expect((await run("list", "--account", "vera")).out).toContain(
      "no pending pairing requests for account vera",
    );
  });

  it("approves a code (any case), then lists the user as allowed, pending delivery", async () => {
    const code = await requestFrom("main", 111);
    const approved = await run("approve", code.toLowerCase());
    expect(approved.code).toBe(0);
    expect(approved.out).toContain(`approved user 111 (@user111) for account main (code ${code})`);
    expect(approved.out).toContain("answers their first message");
    expect((await run("list")).out).toContain("no pending pairing requests");
    const table = await run("allowed");
    expect(table.out).toMatch(/main\s+111\s+@user111\s+\S+ \S+\s+pending/);
    const json = JSON.parse((await run("allowed", "--json")).out);
    expect(json).toEqual([expect.objectContaining({ account: "main", userId: "111", delivered: false })]);
    const store = daemonStore();
    await store.reload();
    expect(store.isApproved("main", "111")).toBe(true);
  });

  it("approve --notify waits until the gateway delivered the approval", async () => {
    const code = await requestFrom("main", 111);
    const daemon = daemonStore();
    const delivering = (async () => {
      for (;;) {
        const [delivery] = await daemon.takeDeliveries();
        if (delivery) return daemon.markDelivered(delivery.account, delivery.userId);
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const result = await run("approve", code, "--notify", "--timeout-ms", "5000");
    await delivering;
    expect(result.code).toBe(0);
    expect(result.out).toContain("delivered: the gateway told user 111");
  });

  it("approve --notify says so when no gateway delivers in time", async () => {
    const code = await requestFrom("main", 111);
    const result = await run("approve", code, "--notify", "--timeout-ms", "150");
    expect(result.code).toBe(1);
    expect(result.out).toContain("approved user 111");
    expect(result.err).toMatch(/error: not delivered within 150 ms\n {2}fix: start the gateway/);
  });

  it("reports unknown and expired codes with exit 1", async () => {
    const unknown = await run("approve", "ABCDEFGH");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(
      /^error: no pending pairing request has the code ABCDEFGH\n {2}fix: run `wiki-gateway pairing list`/,
    );
    const code = await requestFrom("main", 111);
    const file = createStateLayout(stateDir).pairingFile;
    const state = JSON.parse(await readFile(file, "utf8"));
    state.requests[0].expiresAt = Date.now() - 1000;
    await writeFile(file, JSON.stringify(state));
    const expired = await run("approve", code);
    expect(expired.code).toBe(1);
    expect(expired.err).toContain("expired");
    expect(expired.err).toContain("fix: ask the user to write to the bot again");
  });

  it("deny removes a request; revoke removes an approved user", async () => {
    const a = await requestFrom("main", 111);
    const b = await requestFrom("main", 222);
    const denied = await run("deny", a, "--account", "main");
    expect(denied.code).toBe(0);
    expect(denied.out).toContain(`denied code ${a}: removed the request of user 111`);
    expect((await run("deny", a)).code).toBe(1);
    await run("approve", b);
    const revoked = await run("revoke", "main", "222");
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain("revoked user 222 (@user222) for account main");
    const again = await run("revoke", "main", "222");
    expect(again.code).toBe(1);
    expect(again.err).toContain("error: user 222 is not approved for account main");
    expect((await run("allowed")).out).toContain("no users approved by pairing");
  });

  it("refuses an account gateway.json does not have, listing the known ones", async () => {
    const result = await run("list", "--account", "nope");
    expect(result.code).toBe(2);
    expect(result.err).toBe('error: gateway.json has no account "nope"\n  fix: use one of: main, vera\n');
    expect((await run("revoke", "nope", "1")).code).toBe(2);
  });

  it("warns when approving for an account whose dmPolicy is not pairing", async () => {
    const code = await requestFrom("vera", 111);
    const result = await run("approve", code);
    expect(result.code).toBe(0);
    expect(result.err).toContain('warning: account vera has dmPolicy "allowlist"');
  });

  it("still works without gateway.json, with a warning", async () => {
    const code = await requestFrom("anything", 7);
    const io = captureIo();
    const missing = join(dir, "missing.json");
    expect(
      await pairingCommand.run(["approve", code, "--state-dir", stateDir, "--config", missing], io),
    ).toBe(0);
    expect(io.stderr()).toContain(`warning: ${missing} does not exist; account names are not checked`);
    expect(io.stdout()).toContain("for account anything");
  });

  it("reads the state directory from GATEWAY_STATE_DIR", async () => {
    const code = await requestFrom("main", 111);
    const io = captureIo({ GATEWAY_STATE_DIR: stateDir, GATEWAY_CONFIG: configPath });
    expect(await pairingCommand.run(["list"], io)).toBe(0);
    expect(io.stdout()).toContain(code);
  });

  it("asks for --account when a code is pending for two accounts (exit 2)", async () => {
    const code = await requestFrom("main", 111);
    const file = createStateLayout(stateDir).pairingFile;
    const state = JSON.parse(await readFile(file, "utf8"));
    state.requests.push({ ...state.requests[0], account: "vera" });
    await writeFile(file, JSON.stringify(state));
    const result = await run("approve", code);
    expect(result.code).toBe(2);
    expect(result.err).toContain("fix: add --account NAME (one of: main, vera)");
    expect((await run("approve", code, "--account", "vera")).code).toBe(0);
  });

  it.each([
    [[], "a subcommand is required"],
    [["frobnicate"], 'unknown subcommand "frobnicate"'],
    [["approve"], "pairing approve takes CODE"],
    [["revoke", "main"], "pairing revoke takes ACCOUNT USER_ID"],
    [["revoke", "main", "@bob"], 'USER_ID must be a numeric user id, got "@bob"'],
    [["list", "--notify"], "pairing list does not take --notify"],
    [["approve", "ABCDEFGH", "--timeout-ms", "soon"], "--timeout-ms must be a positive number"],
    [["list", "--bogus"], "--bogus"],
  ])("exits 2 on bad usage: %j", async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error: /);
    expect(result.err).toContain(message);
    expect(result.err).toContain("fix: usage: wiki-gateway pairing list");
  });

  it("reports a corrupt pairing file and keeps it", async () => {
    const layout = createStateLayout(stateDir);
    await requestFrom("main", 1);
    await writeFile(layout.pairingFile, "{ not json");
    const result = await run("list");
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/error: .*pairing\.json is not a valid pairing file.*\n {2}fix: repair /);
  });
});
