import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxModel, type SandboxModel } from "../../packages/sandbox/src/model/index.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";

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

async function start() {
  model = createSandboxModel({ apiKey: "model-key-123", models: ["m1"] });
  const baseUrl = await model.listen();
  stack = await startStack({
    accounts: ["default"],
    pages: PAGES,
    config: {
      agents: { main: { model: "local" } },
      models: { local: { baseUrl, model: "m1", apiKeyFile: "model.key", timeoutMs: 1500 } },
    },
  });
  writeFileSync(join(stack.dir, "model.key"), "model-key-123\n");
  const daemon = await stack.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return { daemon, bot: stack.bots.default!.username };
}

const links = (m: { entities?: unknown[] }) =>
  (m.entities ?? []).flatMap((e) =>
    (e as { type: string; url?: string }).type === "text_link" ? [(e as { url: string }).url] : [],
  );

async function ask(bot: string, text: string) {
  const { telegram, user } = stack!;
  const said = telegram.userSays({ from: user.id, chat: { bot }, text });
  return telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === user.id && m.replyToMessageId === said.messageId,
    15_000,
  );
}

describe("answers with a model (daemon, Telegram, wiki and model stand-ins)", () => {
  it("finds the page through the model's rewrite, answers from its passages with their links, and sends the model no secret", async () => {
    const { daemon, bot } = await start();
    model!.script(
      { content: "<think>lost files</think>backup restore latest nightly", when: "search query" },
      { content: "Run restore --latest to get the newest backup back [1].", when: "Passages:" },
    );
    const answer = await ask(bot, QUESTION);
    expect(answer.text).toContain("Run restore --latest to get the newest backup back [1].");
    expect(links(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);

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
  });

  it("answers as without a model when the model fails, within the timeout, and counts the failure", async () => {
    const { daemon, bot } = await start();
    model!.script(
      { status: 500, when: "restore a backup" },
      { content: "x", delayMs: 5000, when: "VPN from home" },
    );
    expect((await ask(bot, "how do I restore a backup?")).text).toContain("restore --latest");
    const started = Date.now();
    expect((await ask(bot, "how do I use the VPN from home?")).text).toContain("vpn up");
    expect(Date.now() - started).toBeLessThan(1500 + 2500);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toContain('outcome="model-server-error"} 1');
    expect(metrics).toContain('outcome="model-timeout"} 1');
    await daemon.waitForLog((l) => l.code === "model-timeout", 5_000);
  });
});
