import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { ask, crashLines, findSecrets, isReady, observable, stackSecrets, summary } from "./lib.js";

/**
 * Issue 11, wiki faults: down, slow (timeouts), revoked key, API disabled, token file replaced on
 * disk. Users get a polite reply, operators a log line with a `remedy`, nothing crashes, and
 * answers resume when the wiki is back, without a restart.
 */
const WIKI_TIMEOUT_MS = 800;
const POLITE = /cannot reach the wiki/i;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("wiki faults", () => {
  it("down, slow, revoked key, API disabled, token file replaced: polite replies, remedies logged, answers resume", async () => {
    stack = await startStack({ accounts: ["default"], env: { WIKI_TIMEOUT_MS: String(WIKI_TIMEOUT_MS) } });
    const { wiki, bots } = stack;
    const bot = bots.default!.username;
    const tokenFile = stack.env.WIKI_TOKEN_FILE!;
    const keys = [readFileSync(tokenFile, "utf8").trim()];
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);
    const pageWorks = async () =>
      expect((await ask(stack!, bot, "/page guides/backup", 30_000)).text).toContain("restore --latest");
    await pageWorks();

    const figures = { faultsInjected: 0, politeReplies: 0, remediesLogged: 0, recovered: 0 };
    const scenario = async (
      name: string,
      inject: () => Promise<void> | void,
      heal: () => Promise<void> | void,
    ) => {
      const linesBefore = daemon.logLines().length;
      await inject();
      figures.faultsInjected++;
      const reply = await ask(stack!, bot, "/page guides/backup", 45_000);
      expect(reply.text, name).toMatch(POLITE);
      expect(reply.text, name).not.toContain("restore --latest");
      figures.politeReplies++;
      // Logs are written asynchronously: the reply can reach Telegram before its log line is out.
      const hasRemedy = (l: Record<string, unknown>) => typeof l.remedy === "string" && l.remedy.length > 10;
      await eventually(() => daemon.logLines().slice(linesBefore).some(hasRemedy), 5000, 50).catch(
        () => undefined,
      );
      const withRemedy = daemon.logLines().slice(linesBefore).filter(hasRemedy);
      expect(
        withRemedy.length,
        `${name}: a log line with a remedy; got:\n${daemon
          .logLines()
          .slice(linesBefore)
          .filter((l) => Number(l.level) >= 40)
          .map((l) => JSON.stringify(l).slice(0, 400))
          .join("\n")}`,
      ).toBeGreaterThan(0);
      figures.remediesLogged++;
      expect((await fetch(`${daemon.httpUrl}/healthz`)).status).toBe(200);
      await heal();
      await eventually(
        async () => /restore --latest/.test((await ask(stack!, bot, "/page guides/backup", 45_000)).text),
        45_000,
        500,
      );
      figures.recovered++;
    };

    await scenario(
      "down",
      () => wiki.setDown(true),
      () => wiki.setDown(false),
    );
    await scenario(
      "slow",
      () => wiki.setLatency(WIKI_TIMEOUT_MS * 4),
      () => wiki.setLatency(0),
    );
    await scenario(
      "revoked key",
      () => wiki.revokeKey(keys[0]!),
      () => {
        // An operator puts a new key in place the way editors and secret stores do: write, rename.
        const fresh = wiki.issueKey();
        keys.push(fresh);
        writeFileSync(`${tokenFile}.new`, fresh, { mode: 0o600 });
        renameSync(`${tokenFile}.new`, tokenFile);
      },
    );
    await scenario(
      "API disabled",
      () => wiki.setApiEnabled(false),
      () => wiki.setApiEnabled(true),
    );
    await scenario(
      "expired key file",
      () => {
        const expired = wiki.issueKey({ expiredSecondsAgo: 60 });
        keys.push(expired);
        writeFileSync(tokenFile, expired);
      },
      () => {
        const fresh = wiki.issueKey();
        keys.push(fresh);
        writeFileSync(tokenFile, fresh);
      },
    );

    // Questions from the local index kept working throughout; the process never restarted.
    expect((await ask(stack, bot, "how do I restore a backup?")).text).toMatch(/restore/i);
    expect(daemon.child.exitCode).toBeNull();
    expect(crashLines(daemon)).toEqual([]);
    const hits = findSecrets(await observable(stack, [daemon]), stackSecrets(stack, keys));
    summary("wiki-faults", { ...figures, secretsFound: hits.length });
    expect(hits).toEqual([]);
  }, 200_000);
});
