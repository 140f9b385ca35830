import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/i18n/index.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * Issue 5, end to end: the daemon as a child process, both sandboxes over HTTP.
 */
type AccountStatus = { account: string; status: string; username?: string; problem?: { code: string } };

async function statuses(url: string): Promise<Record<string, AccountStatus>> {
  const res = await fetch(`${url}/status`);
  const body = (await res.json()) as { accounts: AccountStatus[] };
  return Object.fromEntries(body.accounts.map((a) => [a.account, a]));
}

async function allPolling(url: string, accounts: string[]): Promise<boolean> {
  const s = await statuses(url);
  return accounts.every((a) => s[a]?.status === "polling");
}

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("accounts (daemon against the sandboxes)", () => {
  it("polls 7 accounts at once, each answers only its own chats, and a webhook set before start is removed", async () => {
    stack = await startStack();
    const { telegram, bots, user } = stack;
    telegram.faults.setWebhook(bots.vera!.username, "https://hooks.example.invalid/vera");
    const daemon = await stack.startDaemon();
    const names = Object.keys(bots);
    await eventually(() => allPolling(daemon.httpUrl, names), 20_000);

    const asked = new Map<string, number>();
    for (const name of names) {
      const said = telegram.userSays({
        from: user.id,
        chat: { bot: bots[name]!.username },
        text: "how do I restore a backup?",
      });
      asked.set(bots[name]!.username, said.messageId);
    }
    for (const [username, messageId] of asked) {
      const reply = await telegram.waitForSent(
        (m) => m.bot === username && m.chatId === user.id && m.replyToMessageId === messageId,
        15_000,
      );
      expect(reply.text).toMatch(/restore/i);
    }
    // Each bot sent exactly one message, to the user who wrote to it.
    for (const username of asked.keys()) {
      expect(telegram.sent({ bot: username }).length).toBe(1);
    }
    expect(telegram.calls({ bot: bots.vera!.username, method: "deleteWebhook" }).length).toBe(1);
    const removal = daemon
      .logLines()
      .find((l) => l.account === "vera" && /webhook is set/.test(String(l.msg)));
    expect(removal).toBeDefined();
  });

  it("a revoked token stops only its account; a competing poller makes another `conflict` until it leaves", async () => {
    stack = await startStack({ accounts: ["default", "vera", "denis"] });
    const { telegram, bots, user } = stack;
    const daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl, ["default", "vera", "denis"]), 20_000);

    telegram.faults.revokeToken(bots.vera!.username);
    const competitor = telegram.faults.competingPoller(bots.denis!.username);
    await eventually(async () => (await statuses(daemon.httpUrl)).vera?.status === "unauthorized", 20_000);
    await eventually(async () => (await statuses(daemon.httpUrl)).denis?.status === "conflict", 20_000);
    const s = await statuses(daemon.httpUrl);
    expect(s.vera?.problem?.code).toBe("telegram-unauthorized");
    expect(s.default?.status).toBe("polling");

    const said = telegram.userSays({
      from: user.id,
      chat: { bot: bots.default!.username },
      text: "onboarding first day",
    });
    await telegram.waitForSent(
      (m) => m.bot === bots.default!.username && m.replyToMessageId === said.messageId,
      15_000,
    );
    const ready = await fetch(`${daemon.httpUrl}/readyz`);
    expect(ready.status).toBe(503);

    competitor.stop();
    await eventually(async () => (await statuses(daemon.httpUrl)).denis?.status === "polling", 30_000);
    const toDenis = telegram.userSays({ from: user.id, chat: { bot: bots.denis!.username }, text: "backup" });
    await telegram.waitForSent(
      (m) => m.bot === bots.denis!.username && m.replyToMessageId === toDenis.messageId,
      15_000,
    );
    // The unauthorized account does not retry in a loop.
    const getMeCalls = telegram.calls({ bot: bots.vera!.username }).length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(telegram.calls({ bot: bots.vera!.username }).length).toBe(getMeCalls);
  });

  it("registers the command menus (one per language and one for everyone else) once, not on every restart", async () => {
    stack = await startStack({ accounts: ["default"] });
    const bot = stack.bots.default!.username;
    let daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl, ["default"]), 20_000);
    expect(await daemon.stop()).toBe(0);
    daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl, ["default"]), 20_000);
    const menus = LANGUAGES.length + 1;
    expect(stack.telegram.calls({ bot, method: "setMyCommands" }).length).toBe(menus);
    expect(stack.telegram.calls({ bot, method: "getMyCommands" }).length).toBe(2 * menus);
  });

  it("rides out 429 floods and 5xx bursts: every message is answered", async () => {
    stack = await startStack({ accounts: ["default", "vera"] });
    const { telegram, bots, user } = stack;
    const daemon = await stack.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl, ["default", "vera"]), 20_000);
    telegram.faults.flood({ perChatPerSecond: 3 });
    telegram.faults.serverErrors("*", 0.2, 502);
    const ids: Array<{ bot: string; id: number }> = [];
    for (let i = 0; i < 20; i++) {
      const bot = i % 2 === 0 ? bots.default! : bots.vera!;
      ids.push({
        bot: bot.username,
        id: telegram.userSays({ from: user.id, chat: { bot: bot.username }, text: `backup ${i}` }).messageId,
      });
    }
    await eventually(
      () => ids.every(({ bot, id }) => telegram.sent({ bot }).some((m) => m.replyToMessageId === id)),
      60_000,
      250,
    );
    telegram.faults.clear();
    const errors = telegram.calls().filter((c) => c.status === 429 || c.status >= 500);
    expect(errors.length).toBeGreaterThan(0);
  }, 90_000);
});
