import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../helpers/cli.js";
import { eventually } from "../helpers/daemon.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { PAIRING_STACK, requestPairingCode } from "../helpers/pairing.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { allPolling, crashLines, sleep, summary } from "./lib.js";

/**
 * Issue 11, attacks on the access policy: group ids in user lists,
 * guessed pairing codes, approvals of expired codes. Nobody outside the lists gets an answer or any
 * wiki content.
 */
const WIKI_FACTS = /restore --latest|02:00|laptop|handbook/i;
const GUESSES = 300;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function cli(stack: Stack, args: string[]) {
  const result = await runCliProcess(args, stack.env);
  return { code: result.code, out: result.stdout + result.stderr };
}

describe("policy attacks", () => {
  it("group ids in user lists are rejected when the config is loaded", async () => {
    stack = await startStack({ accounts: ["default"] });
    const base = stack.config() as { accounts: Record<string, Record<string, unknown>> };
    const variants: Array<[string, Record<string, unknown>]> = [
      ["allowFrom", { allowFrom: [String(stack.group.id)] }],
      ["allowFrom", { allowFrom: [String(stack.user.id), "-1001234567890"] }],
      ["groupAllowFrom", { groupAllowFrom: ["-987654321"] }],
    ];
    let rejected = 0;
    for (const [field, patch] of variants) {
      const config = structuredClone(base);
      Object.assign(config.accounts.default!, patch);
      stack.writeConfig(config);
      const io = captureIo({});
      const code = await runCli(["check", "--config", stack.configPath, "--json"], io);
      expect(code, io.stdout()).toBe(2);
      expect(io.stdout()).toContain(`accounts.default.${field}`);
      rejected++;
      const daemon = await stack.startDaemon({ waitHealthy: false });
      const exit = await Promise.race([daemon.exited, sleep(15_000).then(() => "running")]);
      expect(exit, daemon.logs()).toBe(2);
      expect(stack.telegram.sent().length).toBe(0);
    }
    summary("policy-group-ids", { configsWithGroupIdsInUserLists: variants.length, rejected });
  }, 90_000);

  it("guessed pairing codes and approvals of expired codes are all refused", async () => {
    stack = await startStack(PAIRING_STACK);
    const { telegram, stranger } = stack;
    const requested = await requestPairingCode(stack, stranger.id, "how do I restore a backup?");
    const { bot, code: real } = requested;
    let daemon = requested.daemon;

    // Guesses from the code alphabet (and near misses of the real code), never the real one.
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".split("");
    const guesses = fc
      .sample(
        fc.oneof(
          fc.array(fc.constantFrom(...alphabet), { minLength: 8, maxLength: 8 }).map((a) => a.join("")),
          fc
            .nat({ max: 7 })
            .chain((i) => fc.constantFrom(...alphabet).map((c) => real.slice(0, i) + c + real.slice(i + 1))),
          fc.constantFrom(
            "",
            "' OR 1=1",
            "../../etc",
            real.slice(0, 7),
            `${real}X`,
            real.toLowerCase().split("").reverse().join(""),
          ),
        ),
        { seed: 66, numRuns: GUESSES },
      )
      .filter((g) => g.toUpperCase() !== real);
    const exitCodes = new Map<number, number>();
    for (const guess of guesses) {
      const io = captureIo(stack.env);
      const code = await runCli(["pairing", "approve", guess, "--account", "default"], io);
      exitCodes.set(code, (exitCodes.get(code) ?? 0) + 1);
      expect([1, 2], `${guess}: ${io.stdout()}${io.stderr()}`).toContain(code);
    }
    // The real command line, as a separate process, refuses too.
    for (const guess of guesses.slice(0, 3))
      expect((await cli(stack, ["pairing", "approve", guess, "--account", "default"])).code).toBe(1);
    const allowed = await cli(stack, ["pairing", "allowed", "--json"]);
    expect(allowed.out).not.toContain(String(stranger.id));

    // The real code, once expired, is refused as well.
    await daemon.stop();
    const file = join(stack.stateDir, "pairing.json");
    const state = JSON.parse(readFileSync(file, "utf8")) as {
      requests: Array<{ expiresAt: number; createdAt: number }>;
    };
    for (const r of state.requests) {
      r.createdAt -= 2 * 3600_000;
      r.expiresAt = Date.now() - 1000;
    }
    writeFileSync(file, JSON.stringify(state));
    const expired = await cli(stack, ["pairing", "approve", real, "--account", "default"]);
    expect(expired.code).toBe(1);
    expect(expired.out).toMatch(/expired|unknown|not found/i);

    daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl), 20_000);
    const again = telegram.userSays({ from: stranger.id, chat: { bot }, text: "/page guides/backup" });
    await sleep(2000);
    const toStranger = telegram.sent({ bot }).filter((m) => m.chatId === stranger.id);
    expect(toStranger.filter((m) => WIKI_FACTS.test(m.text))).toEqual([]);
    expect(toStranger.some((m) => m.replyToMessageId === again.messageId && WIKI_FACTS.test(m.text))).toBe(
      false,
    );
    expect(crashLines(daemon)).toEqual([]);
    summary("policy-pairing", {
      wrongCodesTried: guesses.length + 3,
      wrongCodesApproved: 0,
      exitCodes: Object.fromEntries(exitCodes),
      expiredApprovalsRefused: 1,
      wikiContentToOutsiders: 0,
    });
  }, 120_000);
});
