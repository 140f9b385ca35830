import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { PAIRING_STACK, requestPairingCode } from "../helpers/pairing.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Issue 6, end to end: pairing through the CLI while the daemon runs, group gates, logged denials. */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function ready(url: string): Promise<boolean> {
  const body = (await (await fetch(`${url}/status`)).json()) as { accounts: Array<{ status: string }> };
  return body.accounts.every((a) => a.status === "polling");
}

function pairingCli(stack: Stack, args: string[]) {
  return runCliProcess(["pairing", ...args], stack.env, 40_000);
}

describe("access policy (daemon against the sandboxes)", () => {
  it("pairs an unknown DM sender: code, approval by the CLI in another process, first message answered", async () => {
    stack = await startStack(PAIRING_STACK);
    const { telegram, user } = stack;
    const {
      bot,
      said: first,
      codeMessage,
      code,
    } = await requestPairingCode(stack, user.id, "how do I restore a backup?");
    expect(codeMessage.text).toContain(String(user.id));
    expect(codeMessage.text).toContain(`wiki-gateway pairing approve ${code} --account default`);
    // Asking again while pending: no second message within the 10-minute window.
    telegram.userSays({ from: user.id, chat: { bot }, text: "hello?" });
    await new Promise((r) => setTimeout(r, 1000));
    expect(telegram.sent({ bot }).length).toBe(1);

    const approved = await pairingCli(stack, [
      "approve",
      code.toLowerCase(),
      "--account",
      "default",
      "--notify",
    ]);
    expect(approved.code, approved.stderr + approved.stdout).toBe(0);
    // The code message also replied to the first message; the answer is another reply to it.
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === first.messageId && m.seq !== codeMessage.seq,
      15_000,
    );
    expect(answer.text).toMatch(/restore --latest/i);
    expect(telegram.sent({ bot }).some((m) => /approved/i.test(m.text))).toBe(true);

    const next = telegram.userSays({ from: user.id, chat: { bot }, text: "onboarding first day" });
    await telegram.waitForSent((m) => m.bot === bot && m.replyToMessageId === next.messageId, 15_000);
  });

  it("refuses an expired code", async () => {
    stack = await startStack(PAIRING_STACK);
    const { user } = stack;
    const { daemon, code } = await requestPairingCode(stack, user.id, "hi");
    await daemon.stop();
    const file = join(stack.stateDir, "pairing.json");
    const state = JSON.parse(readFileSync(file, "utf8")) as {
      requests: Array<{ expiresAt: number; createdAt: number }>;
    };
    for (const r of state.requests) {
      r.createdAt -= 2 * 3600_000;
      r.expiresAt = Date.now() - 1000;
    }
    writeFileSync(file, JSON.stringify(state));
    const result = await pairingCli(stack, ["approve", code, "--account", "default"]);
    expect(result.code).toBe(1);
    expect(result.stderr + result.stdout).toMatch(/expired|unknown/i);
    expect((await pairingCli(stack, ["allowed", "--json"])).stdout).not.toContain(String(user.id));
  });

  it("in a group: ignores a message without a mention, answers one with it, ignores a sender outside groupAllowFrom with a logged reason", async () => {
    stack = await startStack({
      accounts: ["default"],
      account: (_name, { user }) => ({ groupAllowFrom: [String(user.id)] }),
    });
    const { telegram, bots, user, group, stranger } = stack;
    const bot = bots.default!;
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);

    // In privacy mode Telegram would not even deliver a plain group message; inject one as a
    // non-privacy bot would receive it, to check the daemon's own requireMention gate.
    const plain = telegram.injectUpdate(bot.username, {
      message: {
        message_id: 900,
        date: Math.floor(Date.now() / 1000),
        chat: { id: group.id, type: "supergroup", title: "Team" },
        from: { id: user.id, is_bot: false, first_name: "Ada" },
        text: "how do I restore a backup?",
      },
    });
    const mentioned = telegram.userSays({
      from: user.id,
      chat: group.id,
      text: `@${bot.username} how do I restore a backup?`,
    });
    await telegram.waitForSent(
      (m) => m.chatId === group.id && m.replyToMessageId === mentioned.messageId,
      15_000,
    );
    expect(
      telegram.sent({ bot: bot.username, chatId: group.id }).some((m) => m.replyToMessageId === 900),
    ).toBe(false);
    expect(plain).toBeGreaterThan(0);
    await daemon.waitForLog((l) => l.msg === "message denied" && l.reason === "not-addressed", 5000);

    const fromStranger = telegram.userSays({
      from: stranger.id,
      chat: group.id,
      text: `@${bot.username} backup?`,
    });
    const denied = await daemon.waitForLog(
      (l) => l.msg === "message denied" && l.reason === "group-sender-not-allowed",
      10_000,
    );
    expect(denied.senderId).toBe(stranger.id);
    expect(
      telegram.sent({ bot: bot.username }).some((m) => m.replyToMessageId === fromStranger.messageId),
    ).toBe(false);
    // /whoami answers in a DM even someone who is not let in (they need their id to be added).
    const who = telegram.userSays({ from: stranger.id, chat: { bot: bot.username }, text: "/whoami" });
    const whoReply = await telegram.waitForSent(
      (m) => m.chatId === stranger.id && m.replyToMessageId === who.messageId,
      10_000,
    );
    expect(whoReply.text).toContain(String(stranger.id));
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /wiki_gateway_policy_decisions_total\{account="default",outcome="deny",reason="group-sender-not-allowed"\} 1/,
    );
  });

  it("bare commands in a group with two gateway bots; dmPolicy disabled; an empty sender list warned at start", async () => {
    stack = await startStack({
      accounts: ["default", "vera"],
      account: (name, { group }) =>
        name === "vera"
          ? { dmPolicy: "disabled" }
          : {
              groups: { [String(group.id)]: { requireMention: true }, "-1009999": { allowFrom: [] } },
            },
    });
    const { telegram, bots, user, group } = stack;
    const one = bots.default!.username;
    const two = bots.vera!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);
    // The empty list is accepted (it admits nobody) but the start log says so, with the fix.
    const warned = await daemon.waitForLog(
      (l) => l.path === 'accounts.default.groups["-1009999"].allowFrom' && /no member/.test(String(l.msg)),
      5000,
    );
    expect(warned.fix).toMatch(/remove allowFrom here/);

    const repliesTo = (messageId: number) =>
      telegram.sent({ chatId: group.id }).filter((m) => m.replyToMessageId === messageId);
    // A bare command neither bot knows (a moderation bot's): both stay silent, with a reason.
    const warn = telegram.userSays({ from: user.id, chat: group.id, text: "/warn spam" });
    for (const account of ["default", "vera"])
      await daemon.waitForLog(
        (l) => l.msg === "message denied" && l.reason === "unknown-command" && l.account === account,
        10_000,
      );
    // A bare command they know: each bot answers (a bare /cmd addresses every bot of the group).
    const help = telegram.userSays({ from: user.id, chat: group.id, text: "/help" });
    await eventually(() => repliesTo(help.messageId).length === 2, 15_000);
    expect(new Set(repliesTo(help.messageId).map((m) => m.bot))).toEqual(new Set([one, two]));
    // An unknown command naming the bot is its own: it says it does not know it.
    const named = telegram.userSays({ from: user.id, chat: group.id, text: `/warn@${one} spam` });
    const unknown = await telegram.waitForSent((m) => m.replyToMessageId === named.messageId, 15_000);
    expect(unknown.bot).toBe(one);
    expect(unknown.text).toMatch(/I do not know \/warn/);
    expect(repliesTo(warn.messageId)).toEqual([]);

    // dmPolicy "disabled": no reply at all, not even to /whoami or the access button's /start access.
    telegram.userSays({ from: user.id, chat: { bot: two }, text: "/whoami" });
    telegram.userSays({ from: user.id, chat: { bot: two }, text: "/start access" });
    await daemon.waitForLog((l) => l.msg === "message denied" && l.reason === "dm-disabled", 10_000);
    // The same /whoami to the other bot is answered, so a reply from vera would have come by now.
    const control = telegram.userSays({ from: user.id, chat: { bot: one }, text: "/whoami" });
    await telegram.waitForSent((m) => m.replyToMessageId === control.messageId && m.bot === one, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    const toVeraDm = telegram.sent({ bot: two }).filter((m) => m.chatId === user.id);
    expect(toVeraDm.map((m) => m.text)).toEqual([]);
    expect(repliesTo(warn.messageId)).toEqual([]);
  });
});
