import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { PAIRING_STACK } from "../helpers/pairing.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * An unknown user whose first message is a sticker: pairing keeps no question for it, so the
 * approval never promises an answer that cannot come; a question sent while waiting is the one kept.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function pairWithSticker(current: Stack) {
  const { telegram, user } = current;
  const bot = current.bots.default!.username;
  const daemon = await current.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  const sticker = telegram.userSays({ from: user.id, chat: { bot }, media: "sticker" });
  const codeMessage = await telegram.waitForSent((m) => m.bot === bot && m.chatId === user.id, 15_000);
  expect(codeMessage.text).toMatch(/send your question as text/);
  expect(codeMessage.text).not.toMatch(/kept and answered/);
  const code = /Pairing code: ([A-Z2-9]{8})/.exec(codeMessage.text)![1]!;
  const approve = async () => {
    const result = await runCliProcess(
      ["pairing", "approve", code, "--account", "default"],
      current.env,
      40_000,
    );
    expect(result.code, result.stderr + result.stdout).toBe(0);
  };
  return { bot, daemon, sticker, codeMessage, approve };
}

describe("pairing after a sticker (daemon against the sandboxes)", () => {
  it("a sticker alone: approved without the promise of an answer, and nothing else sent", async () => {
    stack = await startStack(PAIRING_STACK);
    const { telegram, user } = stack;
    const { bot, approve } = await pairWithSticker(stack);
    await approve();
    const notice = await telegram.waitForSent(
      (m) => m.bot === bot && /^You have been approved/.test(m.text),
      15_000,
    );
    expect(notice.text).not.toMatch(/Here is the answer/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(telegram.sent({ bot }).filter((m) => m.chatId === user.id)).toHaveLength(2);
  });

  it("a question sent while waiting is kept and answered after the approval notice", async () => {
    stack = await startStack(PAIRING_STACK);
    const { telegram, user } = stack;
    const { bot, approve } = await pairWithSticker(stack);
    const question = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await approve();
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === question.messageId,
      15_000,
    );
    expect(answer.text).toMatch(/restore --latest/);
    const notice = telegram.sent({ bot }).find((m) => /^You have been approved/.test(m.text))!;
    expect(notice.text).toMatch(/Here is the answer/);
    expect(notice.seq).toBeLessThan(answer.seq);
  });
});
