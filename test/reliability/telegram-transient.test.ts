import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { allPolling, crashLines, sleep, summary, answered, noSecrets, sendQuestions as send } from "./lib.js";

/**
 * Issue 11, Telegram faults against the real daemon: transient faults are ridden out, a long outage
 * are ridden out: 429 floods with retry_after, 5xx bursts and connections dropped mid-response.
 */
/** After the faults stop, everything left is answered within this time (the flood limit allows ~2/s per chat). */
const DRAIN_MS = 30_000;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("Telegram transient faults", () => {
  it("429 floods with retry_after, 5xx bursts and connections dropped mid-response: every message answered", async () => {
    stack = await startStack({ accounts: ["default", "vera", "denis"] });
    const names = Object.values(stack.bots).map((b) => b.username);
    const daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl), 20_000);
    const { faults } = stack.telegram;
    faults.flood({ perChatPerSecond: 2, perBotPerSecond: 5 });
    // First a burst in which every call fails, longer than a long poll: each bot's next getUpdates
    // meets a 502 for sure (the random rates below may hit no call at all while dropped connections
    // hold the bots back).
    faults.serverErrors("*", 1, 502);
    await sleep(2500);
    faults.serverErrors("*", 0.25, 502);
    const asked = send(stack, names, 10, "a");
    for (let round = 0; round < 5; round++) {
      faults.dropConnections("*", 3);
      await sleep(600);
    }
    faults.serverErrors("*", 0.3, 500);
    const more = send(stack, names, 5, "b");
    await sleep(2000);
    faults.serverErrors("*", 0);
    const all = [...asked, ...more];
    const faultsOff = Date.now();
    // Faults are off now (only the flood limit remains): everything is answered promptly.
    await eventually(() => answered(stack!, all) === all.length, DRAIN_MS, 250).catch(() => undefined);
    const drainMs = Date.now() - faultsOff;
    faults.clear();
    if (process.env.RELIABILITY_DEBUG) {
      const t0 = stack.telegram.calls()[0]?.at ?? 0;
      console.log(
        stack.telegram
          .calls()
          .filter((c) => c.method !== "getMe")
          .map((c) => `${c.at - t0} ${c.bot} ${c.method} ${c.status}`)
          .join("\n"),
      );
    }
    if (process.env.RELIABILITY_DEBUG)
      console.log(
        daemon
          .logLines()
          .filter((l) => Number(l.level) >= 40)
          .map(
            (l) =>
              `${String(l.time)} ${String(l.msg)} ${String((l.err as { message?: string } | undefined)?.message ?? "")}`,
          )
          .join("\n"),
      );
    const calls = stack.telegram.calls();
    const figures = {
      messagesSent: all.length,
      messagesAnswered: answered(stack, all),
      drainMs,
      updateRetries: daemon.logLines().filter((l) => /update is retried/.test(String(l.msg))).length,
      floods429: calls.filter((c) => c.status === 429).length,
      serverErrors5xx: calls.filter((c) => c.status >= 500).length,
      droppedConnections: calls.filter((c) => c.status === 0).length,
      secretsFound: await noSecrets(stack, [daemon]),
    };
    summary("telegram-transient", figures);
    expect(figures.messagesAnswered).toBe(all.length);
    expect(drainMs).toBeLessThan(DRAIN_MS);
    expect(figures.floods429).toBeGreaterThan(0);
    expect(figures.serverErrors5xx).toBeGreaterThan(0);
    expect(figures.droppedConnections).toBeGreaterThan(0);
    expect(crashLines(daemon)).toEqual([]);
    expect(await allPolling(daemon.httpUrl)).toBe(true);
  }, 150_000);
});
