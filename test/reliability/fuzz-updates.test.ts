import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { fuzzCase } from "./fuzz-input.js";
import { crashLines, isReady, sleep, summary } from "./lib.js";

/**
 * Issue 11, bad input: thousands of random and malformed updates (fixed seed) through the real
 * daemon. No crash, no unhandled rejection, and every well-formed message is answered or denied
 * with a reason in the logs (every one counted in the policy metrics).
 */
export const UPDATES = 2500;
const SEED = 20_261_122;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

export type Built = { kind: string; updateId: number; chatId?: number; messageId: number };

/** Injects the seeded cases; message ids are unique (and growing) per case. */
export function injectFuzz(stack: Stack, count: number, seed: number): Built[] {
  const bot = stack.bots.default!.username;
  const world = {
    userId: stack.user.id,
    strangerId: stack.stranger.id,
    groupId: stack.group.id,
    botUsername: bot,
  };
  const cases = fc.sample(fuzzCase(world), { seed, numRuns: count });
  return cases.map((c, i) => {
    const messageId = 500_000 + i;
    // Forged and unknown kinds too: robustness against whatever arrives, allowed_updates or not.
    const updateId = stack.telegram.injectUpdate(bot, c.build(messageId), { bypassAllowedUpdates: true })!;
    return { kind: c.kind, updateId, messageId, ...(c.chatId !== undefined ? { chatId: c.chatId } : {}) };
  });
}

export function sumMetric(text: string, name: string): number {
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
}

describe("update fuzz", () => {
  it(`${UPDATES} random and malformed updates: no crash, every message answered or denied with a reason`, async () => {
    stack = await startStack({ accounts: ["default"] });
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);

    const built = injectFuzz(stack, UPDATES, SEED);
    const messages = built.filter((b) => b.kind === "message");
    await eventually(() => stack!.telegram.pendingUpdates(bot) === 0, 60_000, 100);
    const metricsText = async () => (await fetch(`${daemon.httpUrl}/metrics`)).text();
    // Every well-formed message reached the policy (one decision each).
    await eventually(
      async () => sumMetric(await metricsText(), "wiki_gateway_policy_decisions_total") >= messages.length,
      60_000,
      250,
    );

    const replied = new Set<string>();
    const answeredNow = () => {
      for (const c of stack!.telegram.calls({ bot, method: "sendMessage" })) {
        if (c.status !== 200) continue;
        const params = c.params as { chat_id?: unknown; reply_parameters?: unknown };
        const rp =
          typeof params.reply_parameters === "string"
            ? (JSON.parse(params.reply_parameters) as { message_id?: number })
            : (params.reply_parameters as { message_id?: number } | undefined);
        if (rp?.message_id !== undefined) replied.add(`${String(params.chat_id)}|${rp.message_id}`);
      }
    };
    const deniedChats = () =>
      new Set(
        daemon
          .logLines()
          .filter((l) => l.msg === "message denied" && typeof l.reason === "string")
          .map((l) => Number(l.chatId)),
      );
    const unresolved = () => {
      answeredNow();
      const denied = deniedChats();
      return messages.filter((m) => !replied.has(`${m.chatId}|${m.messageId}`) && !denied.has(m.chatId!));
    };
    await eventually(() => unresolved().length === 0, 90_000, 500).catch(() => undefined);
    await sleep(500);

    const health = await fetch(`${daemon.httpUrl}/healthz`);
    const metrics = await metricsText();
    const decisions = sumMetric(metrics, "wiki_gateway_policy_decisions_total");
    const deniedTotal = metrics
      .split("\n")
      .filter((l) => l.startsWith("wiki_gateway_policy_decisions_total{") && l.includes('outcome="deny"'))
      .reduce((s, l) => s + Number(l.split(" ").at(-1)), 0);
    const left = unresolved();
    const figures = {
      updatesInjected: built.length,
      messages: messages.length,
      malformed: built.filter((b) => b.kind === "malformed").length,
      unknownKinds: built.filter((b) => b.kind === "unknown").length,
      answered: messages.filter((m) => replied.has(`${m.chatId}|${m.messageId}`)).length,
      denied: deniedTotal,
      unresolved: left.length,
      decisions,
      crashes: crashLines(daemon).length,
    };
    summary("fuzz-updates", figures);
    expect(daemon.child.exitCode).toBeNull();
    expect(health.status).toBe(200);
    expect(crashLines(daemon)).toEqual([]);
    expect(daemon.logs()).not.toMatch(/unhandled|uncaught/i);
    expect(left.slice(0, 5)).toEqual([]);
    // Well-formed messages all reach the policy; malformed ones may too (a missing sender is denied).
    expect(decisions).toBeGreaterThanOrEqual(messages.length);
    expect(decisions).toBeLessThanOrEqual(messages.length + figures.malformed);
    expect(figures.answered).toBeGreaterThan(50);
    expect(deniedTotal).toBeGreaterThan(50);
    // Still answering after the storm.
    const said = stack.telegram.userSays({
      from: stack.user.id,
      chat: { bot },
      text: "how do I restore a backup?",
    });
    const reply = await stack.telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === said.messageId,
      30_000,
    );
    expect(reply.text).toMatch(/restore/i);
  }, 200_000);
});
