import { afterEach, describe, expect, it } from "vitest";
import type { SentMessage } from "../../packages/sandbox/src/telegram/index.js";
import { CONVERSATION_PAGES, FIRST, FOLLOW_UP } from "../helpers/conversation-pages.js";
import { eventually } from "../helpers/daemon.js";
import { accountsPolling } from "../helpers/polling.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Conversations end to end: the daemon against both sandboxes, a follow-up asked as Telegram sends it. */
/** The page a reply leads with: an answer's title, or the first of the closest pages offered. */
const firstPage = (text: string) =>
  text.startsWith("Closest pages") ? /• (\S+):/.exec(text)?.[1] : text.split("\n")[0];

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("conversations (daemon against the sandboxes)", () => {
  it("a DM follow-up is answered about the question before it, and /new starts over", async () => {
    stack = await startStack({ accounts: ["default"], pages: CONVERSATION_PAGES });
    const { telegram, user } = stack;
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);
    const replyTo = (messageId: number) => (m: SentMessage) =>
      m.chatId === user.id && m.replyToMessageId === messageId && m.method !== "editMessageText";
    const ask = async (text: string) => {
      const asked = telegram.userSays({ from: user.id, chat: { bot }, text });
      return telegram.waitForSent(replyTo(asked.messageId), 15_000);
    };

    expect((await ask(FIRST)).text).toContain("tar czf");
    const followUp = await ask(FOLLOW_UP);
    expect(followUp.text).toContain("tar xzf");
    expect(followUp.text).toContain("Following up on «tar»");

    // Started over, the same message stands alone: the page that unpacks "again" comes first.
    expect((await ask("/new")).text).toContain("Starting over");
    expect(firstPage((await ask(FOLLOW_UP)).text)).toBe("lz4");
  });

  it("in a group two members asking in turn do not mix, and a reply to an answer follows it up", async () => {
    stack = await startStack({ accounts: ["default"], pages: CONVERSATION_PAGES });
    const { telegram, user, stranger, group } = stack;
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);
    const answerTo = (messageId: number) =>
      telegram.waitForSent(
        (m) => m.chatId === group.id && m.replyToMessageId === messageId && m.method !== "editMessageText",
        15_000,
      );
    const says = (from: number, text: string, replyTo?: number) =>
      telegram.userSays({ from, chat: group.id, text, ...(replyTo === undefined ? {} : { replyTo }) });

    const adaAsks = says(user.id, `@${bot} ${FIRST}`);
    const adaAnswer = await answerTo(adaAsks.messageId);
    expect(adaAnswer.text).toContain("tar czf");
    // Eve's message after Ada's is her own conversation: it stands alone.
    const eveAsks = says(stranger.id, `@${bot} ${FOLLOW_UP}`);
    expect(firstPage((await answerTo(eveAsks.messageId)).text)).toBe("lz4");
    // Ada's follow-up is read with her question.
    const adaFollows = says(user.id, `@${bot} ${FOLLOW_UP}`);
    expect((await answerTo(adaFollows.messageId)).text).toContain("tar xzf");
    // Eve replies to the bot's answer to Ada, without a mention (requireMention: a reply to the bot
    // addresses it): a follow-up of that answer's question.
    const eveReplies = says(stranger.id, FOLLOW_UP, adaAnswer.chatMessageId ?? adaAnswer.messageId);
    const toReply = await answerTo(eveReplies.messageId);
    expect(toReply.text).toContain("tar xzf");
  });
});
