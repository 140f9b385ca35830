import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Real group shapes end to end: forums, reply chains, channels, anonymous admins, upgrades, media, hints. */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ready(url: string): Promise<boolean> {
  const body = (await (await fetch(`${url}/status`)).json()) as { accounts: Array<{ status: string }> };
  return body.accounts.every((a) => a.status === "polling");
}

describe("groups as Telegram sends them (daemon against the sandboxes)", () => {
  it("speaks only when asked, answers where the question was, and follows a group upgrade", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, user, stranger, group } = stack;
    const bot = stack.bots.default!.username;
    const members = [user.id, stranger.id];
    const forum = telegram.addGroup({ title: "Forum", forum: true, members, bots: [bot] });
    const talk = telegram.addGroup({ title: "Talk", members, bots: [bot] });
    const basic = telegram.addGroup({ title: "Old", type: "group", members, bots: [bot] });
    const unlisted = telegram.addGroup({ title: "New", members, bots: [bot] });
    const channel = telegram.addChannel({ title: "News", discussionGroup: talk.id });
    const config = stack.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups = {
      [String(group.id)]: { requireMention: true },
      [String(forum.id)]: { requireMention: true },
      [String(talk.id)]: { requireMention: false },
      [String(basic.id)]: { requireMention: true },
    };
    stack.writeConfig(config);
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);
    const replyTo = (messageId: number, chatId: number) =>
      telegram.waitForSent(
        (m) => m.bot === bot && m.chatId === chatId && m.replyToMessageId === messageId,
        15_000,
      );
    const denied = (reason: string) =>
      daemon.waitForLog((l) => l.msg === "message denied" && l.reason === reason, 10_000);

    // A topic the bot created: an unaddressed message in it is not "a reply to the bot".
    const { threadId } = telegram.createTopic(forum.id, { name: "Support", by: bot });
    const chatter = telegram.userSays({ from: user.id, chat: forum.id, thread: threadId, text: "hello all" });
    await denied("not-addressed");
    const asked = telegram.userSays({
      from: user.id,
      chat: forum.id,
      thread: threadId,
      text: `@${bot} how do I restore a backup?`,
    });
    const inTopic = await replyTo(asked.messageId, forum.id);
    expect(inTopic.threadId).toBe(threadId);
    expect(inTopic.text).toMatch(/restore --latest/);
    // General, even when a client sends message_thread_id 1: the answer lands in General.
    const general = telegram.userSays({
      from: user.id,
      chat: forum.id,
      text: `@${bot} onboarding first day`,
    });
    expect((await replyTo(general.messageId, forum.id)).threadId).toBeUndefined();
    telegram.injectUpdate(bot, {
      message: {
        message_id: 9001,
        message_thread_id: 1,
        is_topic_message: true,
        date: Math.floor(Date.now() / 1000),
        chat: { id: forum.id, type: "supergroup", title: "Forum", is_forum: true },
        from: { id: user.id, is_bot: false, first_name: "Ada" },
        text: `@${bot} backup`,
        entities: [{ type: "mention", offset: 0, length: bot.length + 1 }],
      },
    });
    await telegram.waitForSent(
      (m) =>
        m.chatId === forum.id &&
        m.seq > inTopic.seq &&
        /backup/i.test(m.text) &&
        m.threadId === undefined &&
        m.replyToMessageId === undefined,
      15_000,
    );

    // A reply chain in an ordinary supergroup: the mention answers the replied-to question, no thread id.
    const question = telegram.userSays({ from: user.id, chat: group.id, text: "How do I restore a backup?" });
    const pointer = telegram.userSays({
      from: user.id,
      chat: group.id,
      text: `@${bot} can you answer this?`,
      replyTo: question.messageId,
    });
    const chained = await replyTo(pointer.messageId, group.id);
    expect(chained.text).toMatch(/restore --latest/);
    const groupSends = telegram.calls({ method: "sendMessage" }).filter((c) => c.params.chat_id === group.id);
    expect(groupSends.every((c) => c.params.message_thread_id === undefined && c.status === 200)).toBe(true);

    // A bare mention gets a hint.
    const bare = telegram.userSays({ from: user.id, chat: group.id, text: `@${bot}` });
    expect((await replyTo(bare.messageId, group.id)).text).toMatch(/Ask me something/);

    // An anonymous admin of a group listed by its id (every member admitted) is answered.
    const anon = telegram.userSays({
      from: user.id,
      chat: group.id,
      as: "anonymous-admin",
      text: `@${bot} onboarding first day`,
    });
    expect((await replyTo(anon.messageId, group.id)).text).toMatch(/laptop/);

    // requireMention false: an automatic forward from the linked channel and a command for
    // another bot are never answered (the latter injected as a non-privacy bot would see it).
    const post = telegram.channelPost(channel.id, `@${bot} backup news`);
    await denied("automatic-forward");
    telegram.injectUpdate(bot, {
      message: {
        message_id: 9002,
        date: Math.floor(Date.now() / 1000),
        chat: { id: talk.id, type: "supergroup", title: "Talk" },
        from: { id: user.id, is_bot: false, first_name: "Ada" },
        text: "/search@other_bot tar",
        entities: [{ type: "bot_command", offset: 0, length: 17 }],
      },
    });
    await denied("command-for-other-bot");

    // /whoami in a group that is not listed yet, from a sender allowed by the account's allowFrom.
    const who = telegram.userSays({ from: user.id, chat: unlisted.id, text: `/whoami@${bot}` });
    expect((await replyTo(who.messageId, unlisted.id)).text).toContain(String(unlisted.id));
    const strangerWho = telegram.userSays({ from: stranger.id, chat: unlisted.id, text: `/whoami@${bot}` });

    // Media in a DM: a hint once, then silence (rate-limited); a caption is a question.
    const sticker = telegram.userSays({ from: user.id, chat: { bot }, media: "sticker" });
    expect((await replyTo(sticker.messageId, user.id)).text).toMatch(/questions written as text/);
    const voice = telegram.userSays({ from: user.id, chat: { bot }, media: "voice" });
    const photo = telegram.userSays({
      from: user.id,
      chat: { bot },
      media: "photo",
      text: "how do I restore a backup?",
    });
    expect((await replyTo(photo.messageId, user.id)).text).toMatch(/restore --latest/);

    // A group upgrade: one warn line with the fix, listed on /status, the new id answered meanwhile.
    const upgraded = telegram.upgradeGroup(basic.id);
    const warn = await daemon.waitForLog((l) => l.code === "group-upgraded", 10_000);
    expect(warn).toMatchObject({ account: "default", oldChatId: basic.id, newChatId: upgraded.id });
    expect(String(warn.remedy)).toContain(`rename the key "${basic.id}" to "${upgraded.id}"`);
    const status = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      groupUpgrades: Array<{ oldChatId: number; newChatId: number; fix: string }>;
    };
    expect(status.groupUpgrades).toMatchObject([{ oldChatId: basic.id, newChatId: upgraded.id }]);
    const inNew = telegram.userSays({
      from: user.id,
      chat: upgraded.id,
      text: `@${bot} how do I restore a backup?`,
    });
    expect((await replyTo(inNew.messageId, upgraded.id)).text).toMatch(/restore --latest/);

    // Membership: removed from a listed group, blocked and unblocked in a DM.
    telegram.setBotMembership(group.id, bot, "kicked");
    telegram.faults.blockBot(bot, user.id);
    telegram.faults.blockBot(bot, user.id, false);
    const without = await eventually(async () => {
      const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
        groupsWithoutBot: Array<{ chatId: number; fix: string }>;
      };
      return body.groupsWithoutBot.length > 0 ? body.groupsWithoutBot : undefined;
    }, 10_000);
    expect(without).toMatchObject([{ chatId: group.id }]);

    await sleep(1500);
    const sent = telegram.sent({ bot });
    const silent: Array<[number, number]> = [
      [forum.id, chatter.messageId],
      [user.id, voice.messageId],
      [unlisted.id, strangerWho.messageId],
    ];
    for (const [chatId, messageId] of silent) {
      expect(sent.some((m) => m.chatId === chatId && m.replyToMessageId === messageId)).toBe(false);
    }
    expect(sent.some((m) => m.chatId === talk.id)).toBe(false);
    expect(post.forwardedId).toBeGreaterThan(0);
    expect(daemon.logLines().filter((l) => l.code === "group-upgraded")).toHaveLength(1);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    for (const kind of ["media-hint", "media-hint-suppressed", "mention-hint", "whoami"]) {
      expect(metrics).toMatch(new RegExp(`wiki_gateway_answers_total\\{[^}]*kind="${kind}"[^}]*\\} 1`));
    }
    expect(metrics).toMatch(/reason="service-message"/);
    for (const change of ["removed", "blocked", "unblocked"]) {
      expect(metrics).toMatch(
        new RegExp(`wiki_gateway_membership_changes_total\\{[^}]*change="${change}"[^}]*\\} 1`),
      );
    }
  }, 120_000);

  it("warns once per account at start when requireMention false meets privacy mode", async () => {
    stack = await startStack({
      accounts: ["default"],
      account: (_name, { group }) => ({ groups: { [String(group.id)]: { requireMention: false } } }),
    });
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);
    const warn = await daemon.waitForLog((l) => l.code === "privacy-mode-blocks-require-mention", 10_000);
    expect(warn).toMatchObject({ account: "default", groups: [String(stack.group.id)] });
    expect(String(warn.remedy)).toMatch(/setprivacy/);
    await sleep(2500);
    expect(daemon.logLines().filter((l) => l.code === "privacy-mode-blocks-require-mention")).toHaveLength(1);
  }, 60_000);

  it("doctor checks the accounts it can although gateway.json has errors", async () => {
    stack = await startStack({ accounts: ["default"] });
    const config = stack.config();
    stack.writeConfig({ ...config, bindings: [], defaultAccount: "nobody" });
    const result = await runCliProcess(["doctor", "--json"], stack.env);
    const report = JSON.parse(result.stdout) as {
      checks: Array<{ subject: string; check: string; status: string }>;
    };
    expect(result.code).toBe(1);
    expect(report.checks.find((c) => c.subject === "gateway.json")).toMatchObject({ status: "fail" });
    const account = report.checks.filter((c) => c.subject.includes("default") && c.status === "ok");
    expect(account.map((c) => c.check)).toEqual(expect.arrayContaining(["token"]));
  }, 60_000);
});
