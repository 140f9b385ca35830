import { afterEach, describe, expect, it } from "vitest";
import { askBurst, busyGroupOptions, crashDuringBacklog } from "../helpers/busy-burst.js";
import { eventually } from "../helpers/daemon.js";
import { accountsPolling } from "../helpers/polling.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * Issue 32: one busy chat never holds up another. The sandbox keeps Telegram's flood limits (20
 * messages a minute in a group), and the daemon its defaults (pacing on, a busy chat's bound of
 * 120 s), so the busy group can be answered only at Telegram's pace.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const BURST = 120;

describe("busy chats (daemon against the sandboxes)", () => {
  it("a burst of 120 questions in one group holds up neither a DM nor a mention in another group", async () => {
    stack = await startStack({ accounts: ["default"], ...busyGroupOptions() });
    const { telegram, user, stranger, group: busy } = stack;
    const bot = stack.bots.default!.username;
    const quiet = telegram.addGroup({ title: "Quiet", members: [user.id, stranger.id], bots: [bot] });
    const config = stack.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups[String(quiet.id)] = { requireMention: true };
    stack.writeConfig(config);
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);

    const asked = askBurst(stack, BURST).map((q) => q.messageId);
    const burstAt = Date.now();
    // The burst is being answered before the other chats ask.
    await telegram.waitForSent((m) => m.chatId === busy.id && m.replyToMessageId === asked[0], 10_000);
    const dm = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    const mention = telegram.userSays({
      from: stranger.id,
      chat: quiet.id,
      text: `@${bot} onboarding laptop`,
    });
    const askedAt = Date.now();
    const [dmReply, mentionReply] = await Promise.all([
      telegram.waitForSent((m) => m.chatId === user.id && m.replyToMessageId === dm.messageId, 10_000),
      telegram.waitForSent((m) => m.chatId === quiet.id && m.replyToMessageId === mention.messageId, 10_000),
    ]);
    const waited = Math.max(dmReply.at, mentionReply.at) - askedAt;
    expect(waited).toBeLessThan(5_000);

    // The busy group is told once, in one message naming both askers, what is past its bound.
    const notice = await telegram.waitForSent(
      (m) => m.chatId === busy.id && /busy|many questions/i.test(m.text),
      10_000,
    );
    expect(notice.text).toContain(user.firstName);
    expect(notice.text).toContain(stranger.firstName);

    const status = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      accounts: Array<{
        backlog?: { chats: Array<{ chatId: string; waiting: number; oldestWaitSeconds: number }> };
      }>;
    };
    const busyChat = status.accounts[0]!.backlog!.chats.find((c) => c.chatId === String(busy.id));
    expect(busyChat?.waiting).toBeGreaterThan(20);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`wiki_gateway_chat_backlog\\{account="default",chat="${busy.id}"\\} [1-9]`),
    );
    expect(metrics).toMatch(/wiki_gateway_busy_turned_away_total\{account="default"\} [1-9]/);

    // Meanwhile the busy group keeps Telegram's pace: about one answer a second for its first 20,
    // never a 429.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, burstAt + 15_000 - Date.now())));
    const answered = telegram
      .sent({ bot })
      .filter((m) => m.chatId === busy.id && m.replyToMessageId !== undefined);
    expect(answered.length).toBeGreaterThanOrEqual(10);
    expect(answered.length).toBeLessThanOrEqual(21);
    expect(telegram.calls({ bot, method: "sendMessage" }).filter((c) => c.status === 429)).toEqual([]);
  }, 90_000);

  it("kill -9 during a backlog: after a restart every question is answered once or its asker told", async () => {
    // A bound of 30 s: 10 questions wait in the group, the rest of the 30 are turned away.
    stack = await startStack({
      accounts: ["default"],
      ...busyGroupOptions({ TELEGRAM_BUSY_CHAT_SECONDS: "30" }),
    });
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => accountsPolling(daemon.httpUrl), 20_000);
    await crashDuringBacklog(stack, bot, daemon, async () => {
      const next = await stack!.startDaemon();
      await eventually(() => accountsPolling(next.httpUrl), 20_000);
      return next;
    });
  }, 120_000);
});
