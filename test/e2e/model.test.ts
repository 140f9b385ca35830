import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxModel, type SandboxModel } from "../../packages/sandbox/src/model/index.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";
import { textLinks } from "../helpers/sent-replies.js";

/** Issue 29, end to end: the daemon asks an OpenAI-compatible stand-in to rewrite questions. */
let stack: Stack | undefined;
let model: SandboxModel | undefined;
afterEach(async () => {
  await stack?.close();
  await model?.close();
  stack = model = undefined;
});

const PAGES = [
  ...DEFAULT_PAGES,
  {
    path: "guides/vpn",
    title: "VPN",
    description: "Remote access",
    content: "# VPN\n\nConnect with `vpn up` from home.",
  },
  {
    path: "guides/unreleased",
    title: "Draft plans",
    description: "draft",
    content: "# Draft\n\nDRAFT-ONLY-TEXT: restore plans.",
    isPublished: false,
  },
  {
    path: "guides/private",
    title: "Private",
    description: "private",
    content: "# Private\n\nPRIVATE-ONLY-TEXT: backup keys.",
    isPrivate: true,
  },
];

/** A question that shares no word with the page that answers it (guides/backup). */
const QUESTION = "my laptop died, can I get yesterday's files back?";

const TIMEOUT_MS = 1500;

async function start(
  o: { env?: Record<string, string>; accounts?: string[]; agent?: Record<string, unknown> } = {},
) {
  model = createSandboxModel({ apiKey: "model-key-123", models: ["m1"] });
  const baseUrl = await model.listen();
  stack = await startStack({
    accounts: o.accounts ?? ["default"],
    pages: PAGES,
    config: {
      agents: { main: { model: "local", ...o.agent } },
      models: { local: { baseUrl, model: "m1", apiKeyFile: "model.key", timeoutMs: TIMEOUT_MS } },
    },
  });
  writeFileSync(join(stack.dir, "model.key"), "model-key-123\n");
  const daemon = await stack.startDaemon(o.env ? { env: o.env } : {});
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return { daemon, bot: stack.bots.default!.username };
}

async function ask(bot: string, text: string, from = stack!.user.id) {
  const { telegram } = stack!;
  const said = telegram.userSays({ from, chat: { bot }, text });
  return telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === from && m.replyToMessageId === said.messageId,
    15_000,
  );
}

describe("answers with a model (daemon, Telegram, wiki and model stand-ins)", () => {
  it("finds the page through the model's rewrite, answers from its passages with their links, and sends the model no secret", async () => {
    const { daemon, bot } = await start({ env: { LOG_LEVEL: "trace" } });
    model!.script(
      { content: "<think>lost files</think>backup restore latest nightly", when: "search query" },
      { content: "Run restore --latest to get the newest backup back [1].", when: "Passages:" },
    );
    const answer = await ask(bot, QUESTION);
    expect(answer.text).toContain("Run restore --latest to get the newest backup back [1].");
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);

    // The same question again, cased and spaced otherwise: answered from the cache, no new call.
    const again = await ask(bot, `  ${QUESTION.toUpperCase()} `);
    expect(again.text).toContain("Run restore --latest to get the newest backup back [1].");

    const received = model!.received();
    expect(received).toHaveLength(2);
    expect(received[0]!.authorization).toBe("Bearer model-key-123");
    expect(received[0]!.messages.at(-1)).toEqual({ role: "user", content: QUESTION });
    expect(received[1]!.messages.at(-1)!.content).toMatch(/^\[1\] Backups/m);
    const sent = JSON.stringify(received.map((r) => r.messages));
    const config = stack!.config() as { accounts: { default: { botTokenFile: string } } };
    const token = readFileSync(resolve(stack!.dir, config.accounts.default.botTokenFile), "utf8").trim();
    for (const secret of ["DRAFT-ONLY-TEXT", "PRIVATE-ONLY-TEXT", String(stack!.user.id)])
      expect(sent).not.toContain(secret);
    expect(sent).not.toContain(token);
    expect(daemon.logs()).not.toContain("model-key-123");

    const status = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as { models: unknown[] };
    expect(status.models).toEqual([
      {
        name: "local",
        model: "m1",
        circuit: "closed",
        spentToday: expect.any(Number),
        retryAt: null,
        active: 0,
        waiting: 0,
      },
    ]);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /wiki_gateway_model_tokens_total\{model="local",agent="main",account="default",kind="prompt"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /wiki_gateway_model_calls_total\{model="local",purpose="rewrite",outcome="ok"\} 1/,
    );

    // Prompts and replies are not logged without MODEL_LOG_PROMPTS, though LOG_LEVEL is trace.
    for (const text of [
      "lost files",
      "backup restore latest nightly",
      "get the newest backup back",
      "[1] Backups",
    ])
      expect(daemon.logs()).not.toContain(text);

    // `report` sums the same tokens from the state directory, after the daemon has stopped.
    const tokens = (kind: string) =>
      Number(
        new RegExp(
          `wiki_gateway_model_tokens_total\\{model="local",agent="main",account="default",kind="${kind}"\\} (\\d+)`,
        ).exec(metrics)![1],
      );
    await daemon.stop();
    const report = await runCliProcess(["report", "--json"], stack!.env);
    expect(report.code).toBe(0);
    expect((JSON.parse(report.stdout) as { models: unknown[] }).models).toEqual([
      {
        model: "local",
        agent: "main",
        account: "default",
        calls: 2,
        promptTokens: tokens("prompt"),
        completionTokens: tokens("completion"),
        fallbacks: {},
      },
    ]);
    const table = await runCliProcess(["report"], stack!.env);
    expect(table.stdout).toMatch(
      new RegExp(
        `Model use[\\s\\S]*local\\s+main\\s+default\\s+2\\s+${tokens("prompt")}\\s+${tokens("completion")}\\s+none`,
      ),
    );
  });

  it("offers the page the search put first beside the model's answer when the model leaves it out", async () => {
    const { bot } = await start();
    model!.script(
      { content: "backup restore latest nightly vpn", when: "search query" },
      { content: "Connect from home first [3].", when: "Passages:" },
    );
    const answer = await ask(bot, QUESTION);
    const prompt = model!.received()[1]!.messages.at(-1)!.content;
    // The prompt numbers the first ranked page's (Backups) passages first; [3] is another page's.
    expect(prompt).toMatch(/^\[1\] Backups/m);
    expect(prompt).toMatch(/^\[3\] VPN /m);
    expect(answer.text).toContain("Connect from home first [3].");
    const buttons = (answer.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
    expect(buttons).toEqual([expect.stringContaining("VPN"), expect.stringContaining("Backups")]);
  });

  it("answers as without a model when the model fails or is slow, at the timeout, logging and counting each code", async () => {
    const { daemon, bot } = await start();
    model!.script(
      { status: 500, when: "restore a backup" },
      // Sticky: an answer call after the failed rewrite would wait for its own timeout too.
      { content: "x", delayMs: 5000, when: "VPN from home", sticky: true },
      { status: 429, retryAfterS: 60, when: "onboarding" },
    );
    expect((await ask(bot, "how do I restore a backup?")).text).toContain("restore --latest");
    const slow = await ask(bot, "how do I use the VPN from home?");
    expect(slow.text).toContain("vpn up");
    // From the stand-in receiving the call to Telegram receiving the answer without the model: at
    // the timeout, never at the model's 5 s. How late after the timeout (< 50 ms at p95) is a
    // speed target, measured by `npm run bench -- model-overhead` ("model too slow").
    const asked = model!.received().find((r) => JSON.stringify(r.messages).includes("VPN from home"))!;
    expect(slow.at - asked.at).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(slow.at - asked.at).toBeLessThan(TIMEOUT_MS + 1_000);
    await ask(bot, "onboarding first day");
    // Retry-After is honoured: the next question is not sent to the model until it has passed.
    const before = model!.received().length;
    expect((await ask(bot, "restore the newest backup please")).text).toContain("restore --latest");
    expect(model!.received()).toHaveLength(before);

    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    for (const code of ["model-server-error", "model-timeout"])
      expect(metrics).toContain(`purpose="rewrite",outcome="${code}"} 1`);
    expect(metrics).toContain('purpose="rewrite",outcome="model-rate-limited"} 2');
    for (const code of ["model-server-error", "model-timeout", "model-rate-limited"])
      await daemon.waitForLog((l) => l.code === code && typeof l.remedy === "string", 5_000);
  });

  it("answers at once with the model server down, and counts model-unreachable", async () => {
    const { daemon, bot } = await start();
    await model!.close();
    expect((await ask(bot, "how do I restore a backup?")).text).toContain("restore --latest");
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toContain('outcome="model-unreachable"} 1');
    await daemon.waitForLog((l) => l.code === "model-unreachable", 5_000);
  });

  it("a slow model call in one chat holds up no other chat", async () => {
    const { bot } = await start({ accounts: ["default", "second"] });
    const other = stack!.bots.second!.username;
    model!.script(
      { content: "backup restore", delayMs: 1000, when: "restore a backup" },
      { content: "vpn remote access", when: "VPN from home" },
    );
    const slow = ask(bot, "how do I restore a backup?");
    await eventually(() => model!.received().length === 1, 5_000);
    const fast = await ask(other, "how do I use the VPN from home?");
    expect(fast.text).toContain("vpn up");
    const late = await slow;
    expect(late.text).toContain("restore --latest");
    expect(fast.at).toBeLessThan(late.at);
  });

  it("editors' commands never reach the model", async () => {
    const { bot } = await start({ agent: { editors: [] } });
    const config = stack!.config() as { agents: { main: Record<string, unknown> } };
    config.agents.main.editors = [String(stack!.user.id)];
    stack!.writeConfig(config as unknown as Record<string, unknown>);
    await eventually(async () => {
      const reply = await ask(bot, "/append guides/vpn Ask IT for a token first.");
      return !/only this wiki's editors/i.test(reply.text);
    }, 15_000);
    await ask(bot, "/new guides/coffee Coffee machine\n# Coffee machine\n\nDescale it every Friday.");
    expect(model!.received()).toEqual([]);
  });

  it("MODEL_LOG_PROMPTS logs each prompt and reply, redacted", async () => {
    const { daemon, bot } = await start({ env: { MODEL_LOG_PROMPTS: "true" } });
    const question =
      "mail ops.lead@example.com or call +44 20 7946 0958 about user 987654321, key sk-abcdefghijklmnop1234 backup";
    model!.script({
      content: "backup restore eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
      when: "search query",
    });
    await ask(bot, question);
    const line = await daemon.waitForLog(
      (l) => l.purpose === "rewrite" && typeof l.prompt === "string",
      5_000,
    );
    expect(line).toMatchObject({ model: "local", agent: "main", account: "default", outcome: "ok" });
    expect(line.prompt).toContain("[e-mail]");
    expect(line.prompt).toContain("[phone]");
    expect(line.reply).toBe("backup restore [redacted]");
    for (const secret of ["ops.lead@example.com", "7946", "987654321", "sk-abcdefghijklmnop1234", "eyJhbGci"])
      expect(daemon.logs()).not.toContain(secret);
    expect(daemon.logs()).not.toContain("model-key-123");
  });
});
