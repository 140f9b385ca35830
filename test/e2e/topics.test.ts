import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SandboxChat, SentMessage } from "../../packages/sandbox/src/telegram/index.js";
import { CHOICE_PAGES } from "../fixtures/choice-pages.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { type DaemonProcess, eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";

/**
 * Forum topics end to end (daemon against both sandboxes), one test for each of the forum problems
 * most reported by operators of similar gateways: replies landing in General instead of the topic,
 * topic messages ignored although `requireMention` is false, commands answered in the wrong topic;
 * and topics answered by another agent than the account's, changed by a hot reload.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const SUPPORT_PAGE = {
  path: "support/refunds",
  title: "Refunds",
  description: "How refunds are processed",
  content: "# Refunds\n\nRefunds are processed by the support desk within 14 days of the request.",
};
const BOT = "forum_wiki_bot";

const links = (m: SentMessage) =>
  (m.entities ?? []).flatMap((e) =>
    (e as { type: string; url?: string }).type === "text_link" ? [(e as { url: string }).url] : [],
  );

interface Forum {
  stack: Stack;
  daemon: DaemonProcess;
  forum: SandboxChat;
  /** Topics created before the daemon started, by name. */
  topics: Record<string, number>;
  /** Sends as the stack's user; `thread` undefined = General. */
  say(text: string, thread?: number, replyTo?: number): number;
  /** The bot's reply to message `messageId` of the forum. */
  replyTo(messageId: number): Promise<SentMessage>;
  /** The sendMessage calls the bot made to the forum. */
  sends(): Array<{ params: Record<string, unknown>; status: number }>;
}

/**
 * A forum with the given topics (`by` "bot" = created by the bot), a bot without privacy mode (as
 * `requireMention: false` needs), and gateway.json's entry for the forum from `entry`.
 */
async function startForum(options: {
  topics: Record<string, "user" | "bot">;
  entry: (topics: Record<string, number>) => Record<string, unknown>;
  agents?: Record<string, unknown>;
  pages?: typeof DEFAULT_PAGES;
}): Promise<Forum> {
  stack = await startStack({ accounts: ["default"], pages: options.pages ?? DEFAULT_PAGES });
  const current = stack;
  const { telegram, user, stranger } = current;
  const bot = telegram.addBot({ username: BOT, privacy: false });
  writeFileSync(join(current.dir, "secrets", "forum.token"), bot.token);
  const forum = telegram.addGroup({
    title: "Forum",
    forum: true,
    members: [user.id, stranger.id],
    bots: [BOT],
  });
  const topics: Record<string, number> = {};
  for (const [name, by] of Object.entries(options.topics)) {
    topics[name] = telegram.createTopic(forum.id, { name, by: by === "bot" ? BOT : user.id }).threadId;
  }
  const config = current.config() as {
    accounts: { default: Record<string, unknown> };
    agents?: Record<string, unknown>;
  };
  config.accounts.default.botTokenFile = "secrets/forum.token";
  config.accounts.default.groups = { [String(forum.id)]: options.entry(topics) };
  if (options.agents) config.agents = options.agents;
  current.writeConfig(config);
  const daemon = await current.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return {
    stack: current,
    daemon,
    forum,
    topics,
    say(text, thread, replyTo) {
      return telegram.userSays({
        from: user.id,
        chat: forum.id,
        text,
        ...(thread === undefined ? {} : { thread }),
        ...(replyTo === undefined ? {} : { replyTo }),
      }).messageId;
    },
    replyTo: (messageId) =>
      telegram.waitForSent(
        (m) => m.bot === BOT && m.chatId === forum.id && m.replyToMessageId === messageId,
        15_000,
      ),
    sends: () =>
      telegram
        .calls({ bot: BOT, method: "sendMessage" })
        .filter((c) => c.params.chat_id === forum.id)
        .map((c) => ({ params: c.params, status: c.status })),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("forum topics (daemon against the sandboxes)", () => {
  it("replies land in the topic the question was asked in, never in General", async () => {
    const f = await startForum({
      topics: { Ops: "user", Announcements: "bot" },
      entry: () => ({ requireMention: true }),
    });
    const { Ops: ops, Announcements: news } = f.topics as Record<string, number>;
    const { wiki, telegram } = f.stack;

    const asked = f.say(`@${BOT} how do I restore a backup?`, ops);
    const answer = await f.replyTo(asked);
    expect(answer.threadId).toBe(ops);
    expect(answer.text).toMatch(/restore --latest/);

    // A slow answer (a page read from the wiki): the typing indicator shows in the topic too.
    wiki.setLatency(1500);
    const slow = await f.replyTo(f.say(`/page@${BOT} guides/onboarding`, ops));
    wiki.setLatency(0);
    expect(slow.threadId).toBe(ops);
    const typing = telegram
      .calls({ bot: BOT, method: "sendChatAction" })
      .filter((c) => c.params.chat_id === f.forum.id);
    expect(typing.length).toBeGreaterThanOrEqual(1);
    for (const call of typing) expect(call.params.message_thread_id).toBe(ops);

    // A follow-up as a reply to the bot's answer (no mention) stays in the topic as well.
    const followUp = f.say("and what about onboarding on the first day?", ops, answer.messageId);
    expect((await f.replyTo(followUp)).threadId).toBe(ops);

    // In a topic the bot created (its messages reply to the bot's service message).
    const inNews = f.say(`@${BOT} onboarding first day`, news);
    const newsAnswer = await f.replyTo(inNews);
    expect(newsAnswer.threadId).toBe(news);
    expect(newsAnswer.text).toMatch(/laptop/);

    // General: no thread id at all (Telegram refuses message_thread_id 1).
    const general = f.say(`@${BOT} how do I restore a backup?`);
    expect((await f.replyTo(general)).threadId).toBeUndefined();

    // Every send went to the right place on the first try: none refused, none retried elsewhere.
    // (A call is recorded once answered, a moment after the message is stored.)
    await eventually(() => f.sends().length >= 5, 5_000);
    await sleep(300);
    const sends = f.sends();
    expect(sends.length).toBe(5);
    expect(sends.every((s) => s.status === 200)).toBe(true);
    expect(sends.map((s) => s.params.message_thread_id)).toEqual([ops, ops, ops, news, undefined]);
    expect(telegram.sent({ bot: BOT }).filter((m) => m.threadId === undefined)).toHaveLength(1);
  });

  it("answers topic messages without a mention where requireMention is false, for the group or the topic", async () => {
    const f = await startForum({
      topics: { Open: "user", Quiet: "user", ByBot: "bot", Closed: "user" },
      entry: (t) => ({
        requireMention: true,
        topics: {
          "1": { requireMention: false },
          [String(t.Open)]: { requireMention: false },
          [String(t.ByBot)]: { requireMention: false },
          [String(t.Closed)]: { requireMention: false, enabled: false },
        },
      }),
    });
    const { Open: open, Quiet: quiet, ByBot: byBot, Closed: closed } = f.topics as Record<string, number>;
    const { daemon } = f;

    const inOpen = f.say("how do I restore a backup?", open);
    const openAnswer = await f.replyTo(inOpen);
    expect(openAnswer.threadId).toBe(open);
    expect(openAnswer.text).toMatch(/restore --latest/);
    // In a topic the bot created: answered once, as a question, not as "a reply to the bot".
    const inByBot = f.say("what should I do on my first day?", byBot);
    expect((await f.replyTo(inByBot)).threadId).toBe(byBot);
    // General (topic "1", no thread id on its messages).
    const inGeneral = f.say("how do I restore a backup?");
    expect((await f.replyTo(inGeneral)).threadId).toBeUndefined();

    // The group's requireMention still holds in a topic without its own key...
    const inQuiet = f.say("how do I restore a backup?", quiet);
    await daemon.waitForLog((l) => l.msg === "message denied" && l.reason === "not-addressed", 10_000);
    // ...and a disabled topic is off even when addressed.
    const inClosed = f.say(`@${BOT} how do I restore a backup?`, closed);
    await daemon.waitForLog((l) => l.msg === "message denied" && l.reason === "topic-disabled", 10_000);
    await sleep(1000);
    const sent = f.stack.telegram.sent({ bot: BOT });
    for (const id of [inQuiet, inClosed]) expect(sent.some((m) => m.replyToMessageId === id)).toBe(false);
    expect(sent.filter((m) => m.replyToMessageId === inByBot)).toHaveLength(1);
    expect(sent).toHaveLength(3);
  });

  it("answers commands, and taps on offered choices, in the topic they were asked in", async () => {
    const f = await startForum({
      topics: { Help: "user", Printing: "user" },
      entry: () => ({ requireMention: true }),
      pages: CHOICE_PAGES,
    });
    const { Help: help, Printing: printing } = f.topics as Record<string, number>;
    const { telegram, user } = f.stack;

    const helpCmd = f.say(`/help@${BOT}`, help);
    const helpAnswer = await f.replyTo(helpCmd);
    expect(helpAnswer.threadId).toBe(help);
    expect(helpAnswer.text).toMatch(/\/page/);
    const page = f.say(`/page@${BOT} guides/backup`, printing);
    const pageAnswer = await f.replyTo(page);
    expect(pageAnswer.threadId).toBe(printing);
    expect(pageAnswer.text).toMatch(/restore --latest/);
    const bare = f.say("/help", help);
    expect((await f.replyTo(bare)).threadId).toBe(help);
    const inGeneral = f.say(`/help@${BOT}`);
    expect((await f.replyTo(inGeneral)).threadId).toBeUndefined();

    // A weak match offers buttons in the topic; the tapped page lands in the same topic.
    const vague = f.say(`@${BOT} printer network`, printing);
    const offer = await f.replyTo(vague);
    expect(offer.threadId).toBe(printing);
    const button = offer.replyMarkup!.inline_keyboard[0]![0]!;
    telegram.tap({
      from: user.id,
      chat: f.forum.id,
      messageId: offer.messageId,
      data: button.callback_data!,
    });
    const tapped = await f.replyTo(offer.messageId);
    expect(tapped.threadId).toBe(printing);
    expect(tapped.text).toMatch(/printers\.local/);
    expect(f.sends().every((s) => s.status === 200)).toBe(true);
  });

  it("answers a topic with the agent its entry names, and follows a hot reload of it", async () => {
    const f = await startForum({
      topics: { Support: "user", Team: "user" },
      entry: (t) => ({
        requireMention: true,
        topics: { [String(t.Support)]: { requireMention: false, agentId: "support" } },
      }),
      agents: { main: { section: "guides" }, support: { section: "support", name: "Support desk" } },
      pages: [...DEFAULT_PAGES, SUPPORT_PAGE],
    });
    const { Support: support, Team: team } = f.topics as Record<string, number>;
    const { daemon } = f;
    const question = "how are refunds processed?";

    const inSupport = await f.replyTo(f.say(question, support));
    expect(inSupport.threadId).toBe(support);
    expect(inSupport.text).toMatch(/14 days/);
    expect(links(inSupport).some((u) => u.endsWith("/en/support/refunds"))).toBe(true);
    // The support agent answers from its own section only.
    const backupInSupport = await f.replyTo(f.say("how do I restore a backup?", support));
    expect(backupInSupport.text).toMatch(/found nothing/i);
    // Another topic of the group keeps the account's bound agent (main, the guides section).
    const inTeam = await f.replyTo(f.say(`@${BOT} ${question}`, team));
    expect(inTeam.threadId).toBe(team);
    expect(inTeam.text).toMatch(/found nothing/i);
    expect((await f.replyTo(f.say(`@${BOT} how do I restore a backup?`, team))).text).toMatch(
      /restore --latest/,
    );
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toContain(
      'wiki_gateway_answers_total{account="default",agent="support",kind="answer"} 1',
    );

    // Hot reload: the team topic now goes to support, the support topic back to the group's agent.
    const applied = daemon.logLines().filter((l) => l.msg === "configuration applied").length;
    const config = f.stack.config() as { accounts: { default: { groups: Record<string, any> } } };
    config.accounts.default.groups[String(f.forum.id)].topics = {
      [String(team)]: { agentId: "support" },
    };
    f.stack.writeConfig(config);
    await eventually(
      () => daemon.logLines().filter((l) => l.msg === "configuration applied").length > applied,
      15_000,
    );
    // The same question in the team topic: support's answer, not main's cached "nothing".
    const teamAfter = await f.replyTo(f.say(`@${BOT} ${question}`, team));
    expect(teamAfter.threadId).toBe(team);
    expect(teamAfter.text).toMatch(/14 days/);
    // The support topic lost its own entry: the group's requireMention and agent apply again.
    const unaddressed = f.say(question, support);
    await daemon.waitForLog((l) => l.msg === "message denied" && l.reason === "not-addressed", 10_000);
    const supportAfter = await f.replyTo(f.say(`@${BOT} ${question}`, support));
    expect(supportAfter.text).toMatch(/found nothing/i);
    expect(f.stack.telegram.sent({ bot: BOT }).some((m) => m.replyToMessageId === unaddressed)).toBe(false);
  });

  it("a topic closed while its answer is prepared: the reply is dropped with a warning, never posted in General", async () => {
    const f = await startForum({
      topics: { Support: "user" },
      entry: (t) => ({
        requireMention: true,
        topics: { "1": { enabled: false }, [String(t.Support)]: { agentId: "support" } },
      }),
      agents: { main: { section: "guides" }, support: { section: "support" } },
      pages: [...DEFAULT_PAGES, SUPPORT_PAGE],
    });
    const support = f.topics.Support!;
    const { daemon, stack: s } = f;
    s.wiki.setLatency(1500);
    f.say(`/page@${BOT} support/refunds`, support);
    // Closed after the question, before the (slow) answer is sent.
    await sleep(300);
    s.telegram.closeTopic(f.forum.id, support);
    const dropped = await daemon.waitForLog((l) => /reply is dropped/.test(String(l.msg)), 15_000);
    expect(dropped).toMatchObject({ chatId: f.forum.id, threadId: support });
    s.wiki.setLatency(0);
    await sleep(300);
    // One refused call, no retry without the topic: nothing reached General.
    expect(f.sends().map((c) => [c.status, c.params.message_thread_id])).toEqual([[400, support]]);
    expect(s.telegram.sent({ bot: BOT })).toEqual([]);
  });

  it("doctor names topics set on a group that is not a forum, and topics privacy mode silences", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, user, group } = stack;
    const bot = stack.bots.default!.username;
    const forum = telegram.addGroup({ title: "Forum", forum: true, members: [user.id], bots: [bot] });
    const config = stack.config() as { accounts: { default: Record<string, unknown> } };
    config.accounts.default.groups = {
      [String(group.id)]: { topics: { "1": { enabled: false } } },
      [String(forum.id)]: { topics: { "7": { requireMention: false } } },
    };
    stack.writeConfig(config);
    const result = await runCliProcess(["doctor", "--json"], stack.env);
    const report = JSON.parse(result.stdout) as {
      checks: Array<{ check: string; status: string; detail?: string; fix?: string }>;
    };
    const find = (check: string) => report.checks.find((c) => c.check === check);
    expect(find(`group ${group.id}`)).toMatchObject({
      status: "warn",
      detail: expect.stringMatching(/not a forum/),
    });
    expect(find(`group ${forum.id}`)).toMatchObject({
      status: "ok",
      detail: expect.stringContaining("(forum)"),
    });
    expect(find("privacy mode")).toMatchObject({
      status: "warn",
      detail: expect.stringContaining(`${forum.id} topic 7`),
    });
  }, 60_000);
});
