import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually, readiness } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Issue 8, end to end: readiness, metrics, hot reload, doctor. */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const metric = async (url: string, pattern: RegExp) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => pattern.test(l));
  return line ? Number(line.split(" ").pop()) : 0;
};

describe("operations (daemon against the sandboxes)", () => {
  it("readiness turns false and true again when the wiki goes down and comes back, and when an account is revoked", async () => {
    stack = await startStack({ accounts: ["default", "vera"] });
    const daemon = await stack.startDaemon();
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);

    await stack.wiki.setDown(true);
    const down = await eventually(async () => {
      const r = await readiness(daemon.httpUrl);
      return r.status === 503 && !r.body.checks.wiki?.ok ? r : undefined;
    }, 20_000);
    expect(down.body.checks.wiki?.detail).toMatch(/fix:/);
    await stack.wiki.setDown(false);
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);

    stack.telegram.faults.revokeToken(stack.bots.vera!.username);
    const revoked = await eventually(async () => {
      const r = await readiness(daemon.httpUrl);
      return r.status === 503 && !r.body.checks["account:vera"]?.ok ? r : undefined;
    }, 20_000);
    expect(revoked.body.checks["account:vera"]?.detail).toMatch(/unauthorized/);
    expect(revoked.body.checks["account:default"]?.ok).toBe(true);
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_account_state\{account="vera",state="unauthorized"\}/),
    ).toBe(1);
  });

  it("each metric moves when its event happens", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);
    const said = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    await telegram.waitForSent((m) => m.replyToMessageId === said.messageId, 15_000);
    telegram.userSays({ from: stack.stranger.id, chat: { bot }, text: "let me in" });
    telegram.faults.failNext(bot, "sendMessage", { code: 400, description: "Bad Request: chat not found" });
    telegram.userSays({ from: user.id, chat: { bot }, text: "backup" });
    await eventually(
      async () =>
        (await metric(
          daemon.httpUrl,
          /^wiki_gateway_telegram_errors_total\{account="default",method="sendMessage",code="400"\}/,
        )) >= 1,
      15_000,
    );
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_updates_received_total\{account="default"\}/),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_policy_decisions_total\{account="default",outcome="allow"/),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await metric(
        daemon.httpUrl,
        /^wiki_gateway_policy_decisions_total\{account="default",outcome="deny",reason="dm-not-allowed"\}/,
      ),
    ).toBe(1);
    expect(
      await metric(
        daemon.httpUrl,
        /^wiki_gateway_answers_total\{account="default",agent="main",kind="answer"\}/,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_answer_duration_seconds_count\{account="default"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_wiki_requests_total\{operation="listPages"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(await metric(daemon.httpUrl, /^wiki_gateway_index_pages /)).toBe(2);
    expect(await metric(daemon.httpUrl, /^wiki_gateway_journal_depth\{account="default"\}/)).toBe(0);
    // Event-loop health: the delay since the previous scrape, GC pauses by kind, blocks in /status.
    const text = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    for (const stat of ["p50", "p99", "max"]) {
      expect(text).toMatch(new RegExp(`^wiki_gateway_event_loop_delay_seconds\\{stat="${stat}"\\} `, "m"));
    }
    expect(text).toMatch(/^wiki_gateway_event_loop_blocked_seconds_count \d+$/m);
    // Every scrape allocates: a collection comes soon, and is counted by kind.
    await eventually(async () => {
      const again = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
      return /^wiki_gateway_gc_pause_seconds_count\{kind="[a-z]+"\} [1-9]/m.test(again);
    }, 15_000);
    // The answer cache shows its size and its bound.
    expect(
      await metric(daemon.httpUrl, /^wiki_gateway_cache_entries\{cache="answers"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(await metric(daemon.httpUrl, /^wiki_gateway_cache_bytes\{cache="answers"\}/)).toBeGreaterThan(100);
    expect(await metric(daemon.httpUrl, /^wiki_gateway_cache_max_bytes\{cache="answers"\}/)).toBe(
      16 * 1024 * 1024,
    );
    const status = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      eventLoop: { blocks: number; thresholdMs: number; recent: unknown[] };
    };
    expect(status.eventLoop).toMatchObject({ thresholdMs: 100, blocks: expect.any(Number) });
    expect(status.eventLoop.recent.length).toBe(Math.min(status.eventLoop.blocks, 10));
    stack.wiki.setApiEnabled(false);
    await eventually(
      async () =>
        (await metric(daemon.httpUrl, /^wiki_gateway_wiki_errors_total\{code="wiki-api-disabled"\}/)) >= 1,
      15_000,
    );
  });

  it("hot reload: an invalid file is refused and the running configuration kept; accounts added and removed alone", async () => {
    stack = await startStack({ accounts: ["default", "vera"] });
    const { telegram, bots, user } = stack;
    const daemon = await stack.startDaemon();
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);
    const ask = async (bot: string) => {
      const said = telegram.userSays({ from: user.id, chat: { bot }, text: "backup" });
      return telegram.waitForSent((m) => m.bot === bot && m.replyToMessageId === said.messageId, 15_000);
    };

    const valid = stack.config();
    writeFileSync(
      stack.configPath,
      `{ "enabled": true, "defaultAccount": "default", "accounts": { "default": { "botToken": "x" } }`,
    );
    await daemon.waitForLog(
      (l) => l.msg === "gateway.json refused; the running configuration is kept",
      10_000,
    );
    await ask(bots.default!.username);
    // The refusal is visible outside the log: /status has it, /readyz stays ready but says so.
    const refusedStatus = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      config: { appliedAt: string; lastReload: { outcome: string; trigger: string; problems: string[] } };
    };
    expect(refusedStatus.config.lastReload).toMatchObject({ outcome: "refused", trigger: "file changed" });
    expect(refusedStatus.config.lastReload.problems.length).toBeGreaterThan(0);
    const refusedReady = await readiness(daemon.httpUrl);
    expect(refusedReady.status).toBe(200);
    expect(refusedReady.body.checks.config?.detail).toMatch(
      /gateway\.json on disk was refused at .* keeps running/,
    );

    // Remove vera, add denis (a new bot), keep default answering throughout.
    const denis = telegram.addBot({ username: "denis_wiki_bot" });
    writeFileSync(join(stack.dir, "secrets", "denis.token"), denis.token);
    const accounts = valid.accounts as Record<string, unknown>;
    accounts.denis = {
      botTokenFile: "secrets/denis.token",
      dmPolicy: "allowlist",
      allowFrom: [String(user.id)],
    };
    delete accounts.vera;
    valid.bindings = [
      { agentId: "main", match: { channel: "telegram", accountId: "default" } },
      { agentId: "denis", match: { channel: "telegram", accountId: "denis" } },
    ];
    const pollsBefore = telegram.calls({ bot: bots.default!.username, method: "getMe" }).length;
    stack.writeConfig(valid);
    await daemon.waitForLog(
      (l) =>
        l.msg === "configuration applied" &&
        Array.isArray(l.started) &&
        (l.started as string[]).includes("denis"),
      15_000,
    );
    await eventually(async () => {
      const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
        accounts: Array<{ account: string; status: string }>;
      };
      const names = body.accounts.map((a) => `${a.account}:${a.status}`);
      return names.includes("denis:polling") && !names.some((n) => n.startsWith("vera:")) ? names : undefined;
    }, 15_000);
    await ask(denis.username);
    await ask(bots.default!.username);
    expect((await readiness(daemon.httpUrl)).body.checks.config).toEqual({ ok: true });
    // default was not restarted.
    expect(telegram.calls({ bot: bots.default!.username, method: "getMe" }).length).toBe(pollsBefore);
  });

  it("hot reload: a change written while the gateway starts is applied once it has started, not lost", async () => {
    stack = await startStack({ accounts: ["default"] });
    const daemon = await stack.startDaemon({ waitHealthy: false });
    // Logged after gateway.json was read and before the accounts start: the change falls in between.
    await daemon.waitForLog(
      (l) => l.msg === "operations endpoint listening (/healthz /readyz /metrics /status)",
    );
    writeFileSync(stack.configPath, `{ "enabled": true, "accounts": {} `);
    const refused = await daemon.waitForLog(
      (l) => l.msg === "gateway.json refused; the running configuration is kept",
      10_000,
    );
    expect(refused.reason).toMatch(/^file changed/);
    expect(daemon.logLines().some((l) => l.msg === "gateway started")).toBe(true);
  });

  it("doctor passes on a healthy setup and names what is broken: webhook (fixed with --fix), expired token, guest fallback", async () => {
    stack = await startStack({ accounts: ["default"] });
    type Report = {
      ok: boolean;
      checks: Array<{ subject: string; check: string; status: string; fix?: string }>;
    };
    const doctor = async (args: string[] = []) => {
      const result = await runCliProcess(["doctor", "--json", ...args], stack!.env);
      return { code: result.code, out: JSON.parse(result.stdout) as Report };
    };
    const healthy = await doctor();
    expect(healthy.code, JSON.stringify(healthy.out)).toBe(0);

    stack.telegram.faults.setWebhook(stack.bots.default!.username, "https://hooks.example.invalid/x");
    const withHook = await doctor();
    expect(withHook.code).toBe(1);
    expect(withHook.out.checks.find((c) => c.check === "webhook")).toMatchObject({ status: "fail" });
    const fixed = await doctor(["--fix"]);
    expect(fixed.out.checks.find((c) => c.check === "webhook")).toMatchObject({ status: "ok" });
    expect((await doctor()).code).toBe(0);

    const tokenFile = stack.env.WIKI_TOKEN_FILE!;
    writeFileSync(tokenFile, stack.wiki.issueKey({ expiredSecondsAgo: 60 }));
    const expired = await doctor();
    expect(expired.code).toBe(1);
    expect(expired.out.checks.find((c) => c.subject === "wiki" && c.status === "fail")?.fix).toMatch(
      /new key/i,
    );

    const [h, p] = stack.wiki.issueKey().split(".");
    writeFileSync(tokenFile, `${h}.${p}.${"x".repeat(43)}`);
    const guest = await doctor();
    expect(guest.code).toBe(1);
    expect(JSON.stringify(guest.out)).toMatch(/guest/i);
  });
});
