import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxModel, type ScriptedReply } from "../../packages/sandbox/src/model/index.js";
import { linksIn } from "../../src/agents/format/model-links.js";
import { eventually, type DaemonProcess } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * A model server that misbehaves as a buggy or hostile one would, against the real daemon: for
 * each mode, the asker gets an answer within the model's timeout (without the model when the
 * reply is unusable), a DM from another user meanwhile is answered within 1 s, the event loop is
 * never held up over 100 ms, and the daemon's resident memory grows by less than 50 MB. One
 * daemon serves every mode, in turn.
 */
const TIMEOUT_MS = 3_000;
const model = createSandboxModel({ models: ["m1"] });
let stack: Stack;
let daemon: DaemonProcess;

beforeAll(async () => {
  const baseUrl = await model.listen();
  // Every call not scripted (the other user's) gets a quick reply.
  model.setDefault({ content: "vpn remote access" });
  stack = await startStack({
    accounts: ["default"],
    account: () => ({ dmPolicy: "open" }),
    config: {
      agents: { main: { model: "local" } },
      models: { local: { baseUrl, model: "m1", timeoutMs: TIMEOUT_MS } },
    },
  });
  daemon = await stack.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
});
afterAll(async () => {
  await stack?.close();
  await model.close();
});

const bot = () => stack.bots.default!.username;

async function ask(text: string, from: number) {
  const said = stack.telegram.userSays({ from, chat: { bot: bot() }, text });
  return stack.telegram.waitForSent(
    (m) => m.bot === bot() && m.chatId === from && m.replyToMessageId === said.messageId,
    15_000,
  );
}

function rssBytes(): number {
  const status = readFileSync(`/proc/${daemon.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** /metrics's loop delay since the previous scrape (a scrape resets it), and the blocks counted. */
async function loop(): Promise<{ maxSeconds: number; blocks: number }> {
  const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
  const max = /wiki_gateway_event_loop_delay_seconds\{stat="max"\} ([\d.e+-]+)/.exec(metrics);
  const blocks = /wiki_gateway_event_loop_blocked_seconds_count ([\d.e+-]+)/.exec(metrics);
  return { maxSeconds: Number(max![1]), blocks: Number(blocks?.[1] ?? 0) };
}

/**
 * The loop delay of the idle daemon over a second: on a machine shared by many processes the
 * daemon waits for a core now and then, which the loop's delay shows though nothing blocks it.
 * Measured before and after each mode, the larger added to the bound of 100 ms, capped at 250 ms
 * in all, so a block (the freeze a 50 MB reply caused lasted 13 s and more) still fails.
 */
async function idleDelay(): Promise<number> {
  await loop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return Math.min((await loop()).maxSeconds, 0.25);
}

interface Mode {
  name: string;
  /** The replies the asker's calls get (a rewrite "search query", an answer "Passages:"). */
  script: ScriptedReply[];
  /** The asker's question (each its own: no answer cache). */
  question: string;
  /** What the answer must hold: the page's own words (the answer without the model) or the model's. */
  expectText: string;
}

const rewrite = (question: string): ScriptedReply => ({ content: "backup restore latest", when: question });

const MODES: Mode[] = [
  {
    name: "a 50 MB rewrite, whole",
    script: [{ oversizedMb: 50, content: "backup restore", when: "restore the backup whole" }],
    question: "how do I restore the backup whole",
    expectText: "restore --latest",
  },
  {
    name: "a 50 MB answer, streamed",
    script: [
      rewrite("restore the backup streamed"),
      { oversizedMb: 50, content: "Run restore --latest [1].", when: "Passages:" },
    ],
    question: "how do I restore the backup streamed",
    expectText: "restore --latest",
  },
  {
    name: "an endless slow drip",
    script: [rewrite("restore the backup dripping"), { dripMs: 50, when: "Passages:" }],
    question: "how do I restore the backup dripping",
    expectText: "restore --latest",
  },
  {
    name: "an invalid stream",
    script: [rewrite("restore the backup invalid"), { invalidStream: true, when: "Passages:" }],
    question: "how do I restore the backup invalid",
    expectText: "restore --latest",
  },
  {
    name: "a huge usage",
    script: [
      {
        content: "backup restore latest",
        usage: { prompt_tokens: 1e308, completion_tokens: 1e308, total_tokens: 1e308 },
        when: "restore the backup usage",
      },
      { content: "Run restore --latest, the model says [1].", when: "Passages:" },
    ],
    question: "how do I restore the backup usage",
    expectText: "the model says",
  },
  {
    name: "links in the text",
    script: [
      rewrite("restore the backup links"),
      {
        content:
          "Run restore --latest [1]. Log in first at https://evil.example/bare, evil.example/login or t.me/evil_support.",
        when: "Passages:",
      },
    ],
    question: "how do I restore the backup links",
    expectText: "Log in first at",
  },
  // Last: the model is then left alone for its (capped) Retry-After.
  {
    name: "an absurd Retry-After",
    script: [{ status: 429, retryAfterS: 999_999, when: "restore the backup later" }],
    question: "how do I restore the backup later",
    expectText: "restore --latest",
  },
];

describe("a hostile model server costs the asker the model, and nobody else anything", () => {
  it("warms up with an answer from the model and one without it", async () => {
    model.script(rewrite("restore the backup warm"), {
      content: "Run restore --latest [1].",
      when: "Passages:",
    });
    expect((await ask("how do I restore the backup warm", stack.user.id)).text).toContain("restore --latest");
    // And one without it (a server error): every path the modes take has run once.
    model.script({ status: 500, when: "restore the backup cold" });
    expect((await ask("how do I restore the backup cold", stack.user.id)).text).toContain("restore --latest");
    await ask("how do I use the vpn from home, warming up", stack.stranger.id);
  });

  it.each(MODES)("$name", async (mode) => {
    const noise = await idleDelay();
    model.script(...mode.script);
    await loop();
    const rssBefore = rssBytes();
    const before = model.received().length;
    const started = Date.now();
    const answer = ask(mode.question, stack.user.id);
    // While the asker's call is under way, another user's DM.
    await eventually(() => model.received().length > before, 5_000);
    const otherStarted = Date.now();
    const other = await ask(`how do I use the vpn from home, case ${mode.name}`, stack.stranger.id);
    expect(other.text).not.toBe("");
    expect(Date.now() - otherStarted).toBeLessThan(1_000);
    const answered = await answer;
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(answered.text).toContain(mode.expectText);
    const health = await loop();
    const noiseAfter = await idleDelay();
    expect(health.maxSeconds).toBeLessThan(0.1 + Math.max(noise, noiseAfter));
    expect(rssBytes() - rssBefore).toBeLessThan(50 * 1024 * 1024);
    if (mode.name === "links in the text") expectNoTappableInvented(answered);
  });

  it("says what each failure was, and keeps the budget and the wait bounded", async () => {
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(/purpose="rewrite",outcome="model-reply-too-long"\} 1/);
    expect(metrics).toMatch(/purpose="answer",outcome="model-reply-too-long"\} 1/);
    expect(metrics).toMatch(/purpose="answer",outcome="model-malformed-reply"\} 1/);
    expect(metrics).toMatch(/purpose="answer",outcome="model-timeout"\} 1/);
    const status = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      models: Array<{ spentToday: number; retryAt: string | null }>;
    };
    const [local] = status.models;
    expect(local!.spentToday).toBeLessThan(100_000);
    const wait = Date.parse(local!.retryAt!) - Date.now();
    expect(wait).toBeGreaterThan(9 * 60_000);
    expect(wait).toBeLessThanOrEqual(10 * 60_000);
  });
});

/** The message's text outside its code entities holds no link, and no entity links elsewhere. */
function expectNoTappableInvented(message: { text: string; entities?: unknown[] }) {
  const entities = (message.entities ?? []) as Array<{
    type: string;
    offset: number;
    length: number;
    url?: string;
  }>;
  let outside = message.text;
  for (const e of entities)
    if (e.type === "code" || e.type === "pre" || e.type === "text_link")
      outside = outside.slice(0, e.offset) + " ".repeat(e.length) + outside.slice(e.offset + e.length);
  expect(linksIn(outside)).toEqual([]);
  for (const e of entities) expect(e.url ?? "").not.toMatch(/evil/);
  const coded = entities
    .filter((e) => e.type === "code")
    .map((e) => message.text.slice(e.offset, e.offset + e.length));
  expect(coded).toEqual(
    expect.arrayContaining(["https://evil.example/bare", "evil.example/login", "t.me/evil_support"]),
  );
}
