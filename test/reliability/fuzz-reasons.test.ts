import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { isReady, sleep, summary } from "./lib.js";

/**
 * Issue 11, bad input: "every one answered or denied with a reason". A message update the gateway
 * cannot read (no chat, a chat of the wrong shape) must still leave a log line naming the update
 * and why it was dropped, so an operator can find every message that got no answer.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const SHAPES: Array<(i: number, user: number) => Record<string, unknown>> = [
  (i) => ({ message: { message_id: i, date: 1, text: "hi" } }),
  (i, user) => ({ message: { message_id: i, date: 1, text: "hi", chat: "private", from: { id: user } } }),
  (i, user) => ({
    message: { message_id: i, date: 1, text: "hi", chat: { id: String(user), type: "private" } },
  }),
  (i, user) => ({ message: { message_id: i, date: 1, text: "hi", chat: { id: user, type: "secret" } } }),
  (i, user) => ({ message: { message_id: i, date: 1, text: "hi", chat: { id: user } } }),
  () => ({ message: null }),
  () => ({ message: "hello" }),
  (i, user) => ({ channel_post: { message_id: i, chat: { id: user, type: 7 } } }),
];

describe("malformed message updates", () => {
  it("each one leaves a log line with its update id and a reason", async () => {
    stack = await startStack({ accounts: ["default"] });
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);
    const ids = SHAPES.flatMap((shape, k) =>
      [0, 1, 2].map((j) =>
        stack!.telegram.injectUpdate(bot, shape(700_000 + k * 10 + j, stack!.user.id), {
          bypassAllowedUpdates: true,
        })!,
      ),
    );
    await eventually(() => stack!.telegram.pendingUpdates(bot) === 0, 20_000);
    await sleep(1500);
    const explained = new Set(
      daemon
        .logLines()
        .filter((l) => typeof l.updateId === "number" && typeof l.reason === "string")
        .map((l) => l.updateId as number),
    );
    const silent = ids.filter((id) => !explained.has(id));
    summary("fuzz-reasons", { malformedMessages: ids.length, explained: ids.length - silent.length });
    expect(daemon.child.exitCode).toBeNull();
    expect(silent).toEqual([]);
  }, 60_000);
});
