import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { allPolling, crashLines, sleep, summary } from "./lib.js";

/**
 * Issue 11, attacks on the access policy: messages forged with other users' ids in other chats.
 * Nobody outside the lists gets an answer or any wiki content.
 */
const WIKI_FACTS = /restore --latest|02:00|laptop|handbook/i;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const message = (chat: { id: number; type: string }, from: number, text: string, id: number) => ({
  message: {
    message_id: id,
    date: Math.floor(Date.now() / 1000),
    chat: { ...chat, ...(chat.type === "private" ? { first_name: "X" } : { title: "X" }) },
    from: { id: from, is_bot: false, first_name: "Forged" },
    text,
  },
});

describe("forged messages", () => {
  it("forged senders and chats get no answer and no wiki content", async () => {
    stack = await startStack({ accounts: ["default", "vera"] });
    const { telegram, bots, user, stranger, group } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl), 20_000);
    // The stranger opens a DM (denied), so a forged reply into their chat could be delivered.
    telegram.userSays({ from: stranger.id, chat: { bot }, text: "how do I restore a backup?" });

    const forged = [
      // the allowed user's id as sender, in the stranger's private chat
      message({ id: stranger.id, type: "private" }, user.id, "how do I restore a backup?", 800_001),
      // the allowed user's id, in a group nobody configured
      message(
        { id: -1005555555555, type: "supergroup" },
        user.id,
        `@${bot} how do I restore a backup?`,
        800_002,
      ),
      // the configured group's id as a private chat
      message({ id: group.id, type: "private" }, user.id, "how do I restore a backup?", 800_003),
      // a group id as the sender
      message({ id: group.id, type: "supergroup" }, group.id, `@${bot} how do I restore a backup?`, 800_004),
      // the stranger, in the configured group, addressing the bot (not in groupAllowFrom)
      message({ id: 999_999, type: "private" }, 999_999, "/page guides/backup", 800_005),
      // the allowed user's id, as a channel post
      {
        channel_post: {
          message_id: 800_006,
          date: 1,
          chat: { id: -1006666666666, type: "channel", title: "C" },
          text: `@${bot} backup`,
        },
      },
    ];
    const ids = forged.map((u) => telegram.injectUpdate(bot, u));
    // vera's account gets a message the default account's list would allow, from a stranger id.
    telegram.injectUpdate(
      bots.vera!.username,
      message({ id: stranger.id, type: "private" }, stranger.id, "backup", 800_007),
    );
    // A legitimate question after the forgeries is answered: the daemon did process them all.
    const legit = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    await telegram.waitForSent((m) => m.bot === bot && m.replyToMessageId === legit.messageId, 20_000);
    await sleep(1500);

    // The configured group is inside the lists (an anonymous admin posts with the group as sender).
    const toOthers = telegram.sent().filter((m) => m.chatId !== user.id && m.chatId !== group.id);
    expect(
      toOthers
        .filter((m) => WIKI_FACTS.test(m.text))
        .map((m) => ({ chatId: m.chatId, replyTo: m.replyToMessageId, text: m.text.slice(0, 60) })),
    ).toEqual([]);
    expect(
      toOthers
        .filter((m) => m.chatId === stranger.id)
        .filter((m) => !/pairing|user id|not allowed|access/i.test(m.text)),
    ).toEqual([]);
    const sendsToForged = telegram
      .calls({ method: "sendMessage" })
      .filter(
        (c) =>
          ![String(user.id), String(group.id)].includes(String((c.params as { chat_id?: unknown }).chat_id)),
      );
    expect(
      sendsToForged.filter((c) => WIKI_FACTS.test(String((c.params as { text?: unknown }).text))),
    ).toEqual([]);
    const denials = daemon.logLines().filter((l) => l.msg === "message denied");
    expect(denials.length).toBeGreaterThanOrEqual(4);
    expect(crashLines(daemon)).toEqual([]);
    summary("policy-forged", {
      forgedUpdates: ids.length + 1,
      answeredWithWikiContent: 0,
      denialsLogged: denials.length,
    });
  }, 60_000);
});
