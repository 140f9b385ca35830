import { afterEach, describe, expect, it } from "vitest";
import { TELEGRAM_FLOOD_LIMITS } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { accountsPolling } from "../helpers/polling.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** The outgoing queue against a sandbox that keeps Telegram's flood limits (its default). */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("paced replies (daemon against the sandboxes)", () => {
  it("answers a burst of DMs in order without one 429, and a graceful stop waits for the queue", async () => {
    stack = await startStack({
      accounts: ["default"],
      env: { GATEWAY_STOP_TIMEOUT_MS: "20000" },
      flood: TELEGRAM_FLOOD_LIMITS,
    });
    const { telegram, user } = stack;
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);

    const questions = ["backup", "restore", "onboarding", "laptop", "handbook", "nightly", "latest"];
    const asked = questions.map(
      (text) => telegram.userSays({ from: user.id, chat: { bot }, text }).messageId,
    );
    const replyTo = (id: number) =>
      telegram.waitForSent((m) => m.chatId === user.id && m.replyToMessageId === id);
    // Past the private chat's burst, the rest wait for their turn: stop while they do.
    await replyTo(asked[2]!);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(/wiki_gateway_outgoing_queue_depth\{account="default"\} [1-9]/);
    expect(await daemon.stop("SIGTERM")).toBe(0);

    const replies = telegram
      .sent({ bot })
      .filter((m) => m.chatId === user.id && m.replyToMessageId !== undefined);
    expect(replies.map((m) => m.replyToMessageId)).toEqual(asked);
    const sends = telegram.calls({ bot, method: "sendMessage" });
    expect(sends.filter((c) => c.status === 429)).toEqual([]);
    // 1 a second after the burst of 3: the last reply about 4 s after the first.
    const at = replies.map((m) => m.at);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(3500);
  }, 60_000);
});
