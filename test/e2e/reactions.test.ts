import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Users' reactions as feedback on answers, and the acknowledgement reaction, end to end. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const ready = async (url: string) => (await fetch(`${url}/readyz`)).status === 200;
const metrics = async (url: string) => (await fetch(`${url}/metrics`)).text();
const votesMetric = (sign: string, change: string, n: number) =>
  `wiki_gateway_votes_total{account="default",agent="main",sign="${sign}",change="${change}"} ${n}`;

function voteLog(stack: Stack): Array<Record<string, unknown>> {
  const file = join(stack.stateDir, "feedback", "votes.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
const brief = (records: Array<Record<string, unknown>>) =>
  records.map((r) => `${(r.page as { path: string }).path} ${r.sign} ${r.delta === 1 ? "+1" : "-1"}`);

async function start(options: Parameters<typeof startStack>[0] = {}) {
  stack = await startStack({
    accounts: ["default"],
    account: (_n, { user }) => ({ groupAllowFrom: [String(user.id)] }),
    ...options,
  });
  const daemon = await stack.startDaemon();
  await eventually(() => ready(daemon.httpUrl), 20_000);
  return { stack, daemon, bot: stack.bots.default!.username };
}

describe("reactions as feedback (daemon against both sandboxes)", () => {
  it("a vote is recorded on the answering page, changed, and withdrawn (also after a restart); a stranger's is ignored; report lists the pages", async () => {
    const { stack, daemon, bot } = await start();
    const { telegram, user, stranger, group } = stack;

    // In a DM: 👍, then 👎 (the vote moves), then nothing (withdrawn).
    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    const answer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    expect(answer.text).toContain("restore --latest");
    const dm = { bot };
    expect(telegram.react({ from: user.id, chat: dm, messageId: answer.messageId, emoji: ["👍"] })).toEqual({
      deliveredTo: [bot],
    });
    await eventually(async () =>
      (await metrics(daemon.httpUrl)).includes(votesMetric("positive", "cast", 1)),
    );
    telegram.react({ from: user.id, chat: dm, messageId: answer.messageId, emoji: ["👎"] });
    await eventually(async () =>
      (await metrics(daemon.httpUrl)).includes(votesMetric("negative", "cast", 1)),
    );
    expect(await metrics(daemon.httpUrl)).toContain(votesMetric("positive", "withdrawn", 1));

    // The answer map survives a restart: removing the reaction afterwards withdraws the vote.
    await daemon.stop();
    const restarted = await stack.startDaemon();
    await eventually(() => ready(restarted.httpUrl), 20_000);
    telegram.react({ from: user.id, chat: dm, messageId: answer.messageId, emoji: [] });
    await eventually(async () =>
      (await metrics(restarted.httpUrl)).includes(votesMetric("negative", "withdrawn", 1)),
    );

    // In the group (the bot is an administrator there, or Telegram sends it no reactions).
    telegram.setBotAdmin(group.id, bot, true);
    const inGroup = telegram.userSays({
      from: user.id,
      chat: group.id,
      text: `@${bot} first day laptop onboarding`,
    });
    const groupAnswer = await telegram.waitForSent(
      (m) => m.chatId === group.id && m.replyToMessageId === inGroup.messageId,
      15_000,
    );
    const target = groupAnswer.chatMessageId ?? groupAnswer.messageId;
    telegram.react({ from: stranger.id, chat: group.id, messageId: target, emoji: ["💩"] });
    await restarted.waitForLog(
      (l) =>
        l.msg === "reaction not counted" &&
        l.reason === "group-sender-not-allowed" &&
        l.senderId === stranger.id,
    );
    telegram.react({ from: user.id, chat: group.id, messageId: target, emoji: ["❤"] });
    // A reaction on a message that is not an answer (the user's own question) is no vote.
    telegram.react({ from: user.id, chat: group.id, messageId: inGroup.messageId, emoji: ["👎"] });
    await eventually(async () =>
      (await metrics(restarted.httpUrl)).includes(votesMetric("positive", "cast", 1)),
    );
    const text = await eventually(async () => {
      const m = await metrics(restarted.httpUrl);
      return m.includes('wiki_gateway_reactions_ignored_total{account="default",reason="not-an-answer"} 1')
        ? m
        : "";
    });
    expect(text).toContain(
      'wiki_gateway_reactions_ignored_total{account="default",reason="group-sender-not-allowed"} 1',
    );

    await eventually(() => voteLog(stack).length === 5);
    expect(brief(voteLog(stack))).toEqual([
      "guides/backup positive +1",
      "guides/backup positive -1",
      "guides/backup negative +1",
      "guides/backup negative -1",
      "guides/onboarding positive +1",
    ]);
    const raw = readFileSync(join(stack.stateDir, "feedback", "votes.jsonl"), "utf8");
    expect(raw).not.toContain(String(user.id));
    expect(raw).not.toContain(String(stranger.id));
    for (const r of voteLog(stack))
      expect(Object.keys(r).sort()).toEqual(["agent", "at", "delta", "page", "sign", "v"]);
    const answers = readFileSync(join(stack.stateDir, "feedback", "answers.json"), "utf8");
    expect(answers).not.toContain(String(user.id));

    const report = await runCliProcess(["report", "--json"], stack.env);
    expect(report.code).toBe(0);
    const votes = (JSON.parse(report.stdout) as { votes: Record<string, unknown[]> }).votes;
    expect(votes.negative).toEqual([]);
    expect(votes.positive).toEqual([
      { path: "guides/onboarding", title: "Onboarding", positive: 1, negative: 0, agents: ["main"] },
    ]);
    const table = await runCliProcess(["report"], stack.env);
    expect(table.stdout).toMatch(/most positive votes[\s\S]*0\s+1\s+guides\/onboarding\s+Onboarding\s+main/);

    for (const poll of telegram.calls({ bot, method: "getUpdates" }))
      expect(poll.params.allowed_updates).toContain("message_reaction");
  }, 90_000);

  it("ackReaction sets 👀 on the question while it is answered and removes it after the answer; a refusal never blocks the answer", async () => {
    const { stack, daemon, bot } = await start({ config: { agents: { main: { ackReaction: true } } } });
    const { telegram, user } = stack;
    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    const answer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    const reactions = await eventually(() => {
      const calls = telegram.calls({ bot, method: "setMessageReaction" });
      return calls.length === 2 ? calls : undefined;
    });
    expect(reactions.map((c) => [c.params.message_id, c.params.reaction, c.status])).toEqual([
      [asked.messageId, [{ type: "emoji", emoji: "👀" }], 200],
      [asked.messageId, [], 200],
    ]);
    const send = telegram
      .calls({ bot, method: "sendMessage" })
      .find(
        (c) =>
          (c.params.reply_parameters as { message_id?: number } | undefined)?.message_id === asked.messageId,
      )!;
    expect(reactions[0]!.seq).toBeLessThan(send.seq);
    expect(reactions[1]!.seq).toBeGreaterThan(send.seq);
    expect(answer.text).toContain("restore --latest");

    // Telegram refuses the reaction: the answer still goes out; the warning is said once.
    for (const n of [1, 2]) {
      telegram.faults.failNext(bot, "setMessageReaction", {
        code: 400,
        description: "Bad Request: REACTION_INVALID",
      });
      const again = telegram.userSays({
        from: user.id,
        chat: { bot },
        text: `restore the newest backup ${n}`,
      });
      await telegram.waitForSent((m) => m.replyToMessageId === again.messageId, 15_000);
    }
    await daemon.waitForLog((l) => /refused the acknowledgement reaction/.test(String(l.msg)));
    await new Promise((r) => setTimeout(r, 300));
    const refusals = daemon
      .logLines()
      .filter((l) => /refused the acknowledgement reaction/.test(String(l.msg)));
    const warnings = refusals.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ reason: "Bad Request: REACTION_INVALID" });
    expect(refusals.filter((l) => l.level === 20)).toHaveLength(1);
    // A refused 👀 is not removed afterwards (nothing was set).
    expect(telegram.calls({ bot, method: "setMessageReaction" })).toHaveLength(4);
  }, 60_000);
});
