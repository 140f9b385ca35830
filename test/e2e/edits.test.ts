import { afterEach, describe, expect, it } from "vitest";
import { type SentMessage, TELEGRAM_FLOOD_LIMITS } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { accountsPolling } from "../helpers/polling.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Edited messages end to end: the daemon against both sandboxes, edits shaped as Telegram sends them. */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("edited messages (daemon against the sandboxes)", () => {
  it("answers an edit that adds the mention, edits its 'nothing found' reply, and ignores late or answered edits", async () => {
    // Telegram's flood limits, and the daemon pacing its replies and edits as it does by default.
    stack = await startStack({ accounts: ["default"], flood: TELEGRAM_FLOOD_LIMITS });
    const { telegram, user, group } = stack;
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);
    const ignored = (reason: string) =>
      daemon.waitForLog((l) => l.msg === "message denied" && l.reason === reason, 10_000);

    // A group question without the mention (requireMention): nothing; the edit adding it is answered.
    const plain = telegram.userSays({ from: user.id, chat: group.id, text: "how do I restore a backup?" });
    const mentioned = telegram.userEdits({
      from: user.id,
      chat: group.id,
      messageId: plain.messageId,
      text: `@${bot} how do I restore a backup?`,
    });
    expect(mentioned.deliveredTo).toEqual([bot]);
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === group.id && m.replyToMessageId === plain.messageId,
      15_000,
    );
    expect(answer.text).toContain("restore --latest");
    expect(answer.method).toBe("sendMessage");

    // Editing the answered question again changes nothing; removing the mention neither.
    telegram.userEdits({
      from: user.id,
      chat: group.id,
      messageId: plain.messageId,
      text: `@${bot} when does the nightly backup run?`,
    });
    await ignored("edit-already-answered");

    // A DM question that found nothing: the edit's answer replaces the bot's earlier reply.
    const vague = telegram.userSays({ from: user.id, chat: { bot }, text: "quantum chromodynamics lattice" });
    const inDm = (messageId: number) => (m: SentMessage) =>
      m.chatId === user.id && m.method === "sendMessage" && m.replyToMessageId === messageId;
    const nothing = await telegram.waitForSent(inDm(vague.messageId), 15_000);
    expect(nothing.text).toMatch(/nothing|no page|not find/i);
    telegram.userEdits({
      from: user.id,
      chat: { bot },
      messageId: vague.messageId,
      text: "how do I restore a backup?",
    });
    const edited = await telegram.waitForSent(
      (m) => m.chatId === user.id && m.method === "editMessageText" && m.messageId === nothing.messageId,
      15_000,
    );
    expect(edited.text).toContain("restore --latest");
    expect(edited.text).not.toBe(nothing.text);

    // The same fix made after the window: ignored with its reason, the reply left as it was.
    const late = telegram.userSays({ from: user.id, chat: { bot }, text: "zanzibar quokka" });
    const lateReply = await telegram.waitForSent(inDm(late.messageId), 15_000);
    telegram.userEdits({
      from: user.id,
      chat: { bot },
      messageId: late.messageId,
      text: "how do I restore a backup?",
      after: 6 * 60,
    });
    await ignored("edit-too-late");
    const edits = telegram.calls({ bot, method: "editMessageText" });
    expect(edits.map((c) => c.params.message_id)).toEqual([nothing.messageId]);
    expect(lateReply.method).toBe("sendMessage");
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toContain('reason="edit-too-late"');
    expect(metrics).toContain('reason="edit-already-answered"');
  });
});
