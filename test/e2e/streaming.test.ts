import { afterEach, describe, expect, it } from "vitest";
import {
  createSandboxModel,
  type SandboxModel,
  type ScriptedReply,
} from "../../packages/sandbox/src/model/index.js";
import { type SentMessage, TELEGRAM_FLOOD_LIMITS } from "../../packages/sandbox/src/telegram/index.js";
import { type DaemonProcess, eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";
import { textLinks } from "../helpers/sent-replies.js";

/**
 * Model answers streamed while they are written (issue 29 point 4, issue 31): drafts with the stop
 * button in a private chat, a placeholder edited at a group's pace, the final answer a normal
 * message, and nothing of the stream left behind. The daemon against the Telegram, wiki and model
 * stand-ins.
 */
let stack: Stack | undefined;
let model: SandboxModel | undefined;
afterEach(async () => {
  await stack?.close();
  await model?.close();
  stack = model = undefined;
});

/** 24 words, the citation early: streamed one word per chunk. */
const ANSWER =
  "Run restore --latest [1] to get the newest nightly backup back onto your laptop, then check " +
  "that yesterday's files are there before you delete anything else from the old disk.";
const QUESTION = "my laptop died, can I get yesterday's files back?";

async function start(
  options: { rich?: boolean; forum?: boolean; pacing?: boolean } = {},
): Promise<{ daemon: DaemonProcess; bot: string; forum?: { id: number; thread: number } }> {
  model = createSandboxModel({ models: ["m1"] });
  const baseUrl = await model.listen();
  stack = await startStack({
    accounts: ["default"],
    pages: DEFAULT_PAGES,
    ...(options.pacing ? { flood: TELEGRAM_FLOOD_LIMITS } : {}),
    ...(options.rich ? { account: () => ({ richMessages: "auto" }) } : {}),
    config: {
      agents: { main: { model: "local" } },
      models: { local: { baseUrl, model: "m1", timeoutMs: 20_000 } },
    },
  });
  let forum: { id: number; thread: number } | undefined;
  if (options.forum) {
    const { telegram, user } = stack;
    const bot = stack.bots.default!.username;
    const chat = telegram.addGroup({ title: "Forum", forum: true, members: [user.id], bots: [bot] });
    const thread = telegram.createTopic(chat.id, { name: "Ops", by: user.id }).threadId;
    const config = stack.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups[String(chat.id)] = { requireMention: true };
    stack.writeConfig(config);
    forum = { id: chat.id, thread };
  }
  const daemon = await stack.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return { daemon, bot: stack.bots.default!.username, ...(forum ? { forum } : {}) };
}

/** The user asks in the DM; resolves to the final answer (the message that is no draft). */
function askInDm(bot: string, text: string, timeoutMs = 20_000): Promise<SentMessage> {
  const { telegram, user } = stack!;
  const said = telegram.userSays({ from: user.id, chat: { bot }, text });
  return telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === user.id && m.replyToMessageId === said.messageId,
    timeoutMs,
  );
}

/** The model's replies to the next question: its rewrite, then its answer (streamed as scripted). */
function scriptAnswer(answer: ScriptedReply, rewrite = "backup restore latest nightly"): void {
  model!.script({ content: rewrite, when: "search query" }, { ...answer, when: "Passages:" });
}

/** The user asks the question in the forum's topic, mentioning the bot. */
function askInTopic(bot: string, forum: { id: number; thread: number }) {
  const { telegram, user } = stack!;
  return telegram.userSays({
    from: user.id,
    chat: forum.id,
    thread: forum.thread,
    text: `@${bot} ${QUESTION}`,
  });
}

/** Resolves once the placeholder `messageId` of the forum was deleted. */
const placeholderDeleted = (chatId: number, messageId: number) =>
  eventually(() => stack!.telegram.deleted({ chatId }).some((d) => d.messageId === messageId), 5_000);

/** The value of one sample of the daemon's `/metrics` (0 when absent). */
async function metric(daemon: DaemonProcess, sample: string): Promise<number> {
  const text = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("streamed model answers in a private chat", () => {
  it("shows growing drafts with the stop button, then one final message with checked citations and the gateway's links", async () => {
    const { bot, daemon } = await start();
    scriptAnswer({ content: `${ANSWER} See [7] too.`, chunkDelayMs: 90 });
    const answer = await askInDm(bot, QUESTION);
    const { telegram, user } = stack!;

    const drafts = telegram.drafts({ bot, chatId: user.id });
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    expect(drafts.every((d) => d.method === "sendMessageDraft" && d.canStop)).toBe(true);
    expect(new Set(drafts.map((d) => d.draftId)).size).toBe(1);
    // "Thinking…" first, then only growing text, each a prefix of the next.
    expect(drafts[0]!.text).toBe("");
    for (const [i, d] of drafts.entries())
      if (i > 0) expect(d.text.length).toBeGreaterThan(drafts[i - 1]!.text.length);
    expect(drafts.filter((d) => d.text !== "").length).toBeGreaterThanOrEqual(2);
    // At a bounded rate: the 24 words took about 2.2 s, one draft per 750 ms at most.
    expect(drafts.length).toBeLessThanOrEqual(6);

    expect(answer.method).toBe("sendMessage");
    expect(answer.text).toContain("Run restore --latest [1]");
    expect(answer.text).not.toContain("[7]"); // a citation of a passage never given is dropped
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);
    expect(telegram.sent({ bot, chatId: user.id })).toHaveLength(1);
    // The answer ended the draft.
    expect(telegram.liveDrafts({ bot, chatId: user.id })).toEqual([]);
    // Counted: one stream, each draft Telegram took.
    expect(await metric(daemon, 'wiki_gateway_streams_total{account="default",kind="draft"}')).toBe(1);
    expect(await metric(daemon, 'wiki_gateway_stream_shows_total{account="default",call="draft"}')).toBe(
      drafts.length,
    );
  });

  it("a stop pressed mid-stream cancels the model call and keeps what was written as the answer", async () => {
    const { bot, daemon } = await start();
    scriptAnswer({ content: ANSWER, chunkDelayMs: 250 });
    const { telegram, user } = stack!;
    const answered = askInDm(bot, QUESTION);
    await eventually(
      () => telegram.liveDrafts({ bot, chatId: user.id }).some((d) => d.text.includes("[1] to get")),
      10_000,
    );
    const { deliveredTo } = telegram.stopGeneration({ from: user.id, bot });
    expect(deliveredTo).toEqual([bot]);
    const answer = await answered;

    await eventually(() => model!.received()[1]?.aborted === true, 5_000);
    expect(answer.text).toContain("Run restore --latest [1] to get");
    expect(answer.text).not.toContain("old disk");
    expect(ANSWER.startsWith(answer.text.split("\n\n")[0]!)).toBe(true);
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);
    expect(telegram.liveDrafts({ bot, chatId: user.id })).toEqual([]);

    // A stop before any citation keeps nothing the gateway can check: today's answer instead.
    scriptAnswer({ content: `Well, there are several ways. ${ANSWER}`, chunkDelayMs: 250 });
    const floor = askInDm(bot, "my laptop is dead, how do I restore yesterday's files?");
    await eventually(
      () => telegram.liveDrafts({ bot, chatId: user.id }).some((d) => d.text.includes("several")),
      10_000,
    );
    telegram.stopGeneration({ from: user.id, bot });
    const floorAnswer = await floor;
    expect(floorAnswer.text).toContain("restore --latest");
    expect(floorAnswer.text).not.toContain("several ways");
    // A second stop for the finished draft is ignored quietly.
    expect(() => telegram.stopGeneration({ from: user.id, bot })).toThrow(/no stoppable draft/);
    const stops = (outcome: string) =>
      metric(daemon, `wiki_gateway_stream_stops_total{account="default",outcome="${outcome}"}`);
    expect(await stops("stopped")).toBe(2);
  });

  it("a stream cut short gives today's answer, and no draft is left", async () => {
    const { bot, daemon } = await start();
    scriptAnswer({ content: ANSWER, chunkDelayMs: 150, cutAfter: 8 });
    const answer = await askInDm(bot, QUESTION);
    const { telegram, user } = stack!;
    expect(telegram.drafts({ bot, chatId: user.id }).some((d) => d.text !== "")).toBe(true);
    expect(answer.text).toContain("restore --latest");
    expect(answer.text).not.toContain("[1]");
    expect(telegram.liveDrafts({ bot, chatId: user.id })).toEqual([]);
    await daemon.waitForLog((l) => l.code === "model-stream-cut", 5_000);
  });

  it("under richMessages auto the drafts are rich drafts and the answer a rich message", async () => {
    const { bot } = await start({ rich: true });
    scriptAnswer({ content: ANSWER, chunkDelayMs: 80 });
    const answer = await askInDm(bot, QUESTION);
    const { telegram, user } = stack!;
    const drafts = telegram.drafts({ bot, chatId: user.id });
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    expect(drafts.every((d) => d.method === "sendRichMessageDraft" && d.canStop)).toBe(true);
    expect(drafts[0]!.rich?.blocks[0]).toMatchObject({ type: "thinking" });
    expect(drafts.at(-1)!.text).toContain("Run restore");
    expect(answer.method).toBe("sendRichMessage");
    expect(answer.text).toContain("Run restore --latest [1]");
    expect(JSON.stringify(answer.rich)).toContain("/en/guides/backup");
  });
});

describe("replies in the styles real models write", () => {
  it("a reasoning model's labelled rewrite and Markdown answer: drafts never show thinking, half citations or a Sources line; the answer renders commands as code", async () => {
    const { bot } = await start();
    const thinking = {
      text: "The user lost a laptop, so the backup page.",
      field: "reasoning_content" as const,
    };
    model!.script(
      { content: "Search query: backup restore latest nightly", reasoning: thinking, when: "search query" },
      {
        when: "Passages:",
        chunkDelayMs: 60,
        reasoning: { ...thinking, field: "reasoning" },
        pieces: [
          "**Run**",
          " `restore",
          " --latest`",
          " to",
          " get",
          " the",
          " newest",
          " nightly",
          " backup",
          " back.",
          " [",
          "1",
          "]",
          " Then",
          " check",
          " yesterday's",
          " files",
          " [1,",
          " 7",
          "].",
          "\n\nSources",
          ":",
          " [1",
          "]",
        ],
      },
    );
    const answer = await askInDm(bot, QUESTION);
    const { telegram, user } = stack!;
    const drafts = telegram.drafts({ bot, chatId: user.id }).map((d) => d.text);
    expect(drafts.filter((d) => d !== "").length).toBeGreaterThanOrEqual(2);
    for (const draft of drafts) {
      expect(draft).not.toMatch(/\[(?!\d+\])|\*\*|`|Sources|laptop|\[7\]/);
    }
    expect(model!.received()).toHaveLength(2); // the labelled rewrite was understood: the answer was asked
    expect(answer.text.split("\n\n").slice(0, 2)).toEqual([
      "Run restore --latest to get the newest nightly backup back [1]. Then check yesterday's files [1].",
      "📖 Backups",
    ]);
    const code = (answer.entities ?? []).find((e) => (e as { type: string }).type === "code") as
      { offset: number; length: number } | undefined;
    expect(answer.text.slice(code!.offset, code!.offset + code!.length)).toBe("restore --latest");
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);
  });
});

describe("streamed model answers in a group topic", () => {
  it("a placeholder edited at the group's pace, then the answer as a new message, the placeholder deleted", async () => {
    const { bot, forum, daemon } = await start({ forum: true, pacing: true });
    const { telegram } = stack!;
    // About 6 s of writing.
    scriptAnswer({ content: `${ANSWER} ${ANSWER}`, chunkDelayMs: 130 });
    const said = askInTopic(bot, forum!);
    const answer = await telegram.waitForSent(
      (m) => m.chatId === forum!.id && m.replyToMessageId === said.messageId && m.text.includes("📖"),
      20_000,
    );
    const sends = () =>
      telegram.calls({ bot, method: "sendMessage" }).filter((c) => c.params.chat_id === forum!.id);
    await eventually(() => sends().length === 2, 5_000);
    const [placeholderCall] = sends();
    expect(placeholderCall!.params).toMatchObject({
      disable_notification: true,
      message_thread_id: forum!.thread,
    });
    const placeholder = telegram
      .sent({ chatId: forum!.id })
      .find((m) => m.method === "sendMessage" && m.messageId !== answer.messageId)!;
    const edits = telegram
      .sent({ chatId: forum!.id })
      .filter((m) => m.method === "editMessageText" && m.messageId === placeholder.messageId);
    expect(edits.length).toBeGreaterThanOrEqual(1);
    const times = [placeholder, ...edits].map((m) => m.at);
    for (const [i, at] of times.entries()) if (i > 0) expect(at - times[i - 1]!).toBeGreaterThanOrEqual(2900);
    expect(answer.threadId).toBe(forum!.thread);
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);
    await placeholderDeleted(forum!.id, placeholder.messageId);
    expect(telegram.calls({ bot }).some((c) => c.status === 429)).toBe(false);
    const count = (sample: string) => metric(daemon, sample);
    expect(await count('wiki_gateway_streams_total{account="default",kind="placeholder"}')).toBe(1);
    expect(await count('wiki_gateway_stream_shows_total{account="default",call="placeholder"}')).toBe(1);
    expect(await count('wiki_gateway_stream_shows_total{account="default",call="edit"}')).toBe(edits.length);
    await eventually(
      async () =>
        (await count(
          'wiki_gateway_stream_placeholders_cleared_total{account="default",outcome="deleted"}',
        )) === 1,
      5_000,
    );
  });

  it("a stream cut short in a group gives today's answer and deletes the placeholder", async () => {
    const { bot, forum } = await start({ forum: true, pacing: true });
    const { telegram } = stack!;
    scriptAnswer({ content: ANSWER, chunkDelayMs: 150, cutAfter: 16 });
    const said = askInTopic(bot, forum!);
    const answer = await telegram.waitForSent(
      (m) =>
        m.chatId === forum!.id &&
        m.replyToMessageId === said.messageId &&
        m.text.includes("restore --latest") &&
        !m.text.includes("[1]"),
      20_000,
    );
    const placeholder = telegram.sent({ chatId: forum!.id }).find((m) => m.messageId !== answer.messageId)!;
    expect(placeholder.text).toContain("Run restore");
    await placeholderDeleted(forum!.id, placeholder.messageId);
  });

  it("a kill -9 while the placeholder streams: after the restart the answer is sent once and the placeholder deleted", async () => {
    const { bot, forum, daemon } = await start({ forum: true, pacing: true });
    const { telegram } = stack!;
    scriptAnswer({ content: `${ANSWER} ${ANSWER}`, chunkDelayMs: 200 });
    const said = askInTopic(bot, forum!);
    const placeholder = await telegram.waitForSent(
      (m) => m.chatId === forum!.id && m.method === "sendMessage",
      10_000,
    );
    // Past the window between Telegram taking the placeholder and the journal holding its id.
    await sleep(300);
    daemon.child.kill("SIGKILL");
    await sleep(300);
    scriptAnswer({ content: ANSWER });
    await stack!.startDaemon();
    // Whatever answers the replay (the model, or the wiki's own search while the index loads).
    const answer = await telegram.waitForSent(
      (m) =>
        m.chatId === forum!.id &&
        m.replyToMessageId === said.messageId &&
        m.messageId !== placeholder.messageId,
      20_000,
    );
    expect(answer.messageId).not.toBe(placeholder.messageId);
    await placeholderDeleted(forum!.id, placeholder.messageId);
    await sleep(500);
    const left = telegram
      .sent({ chatId: forum!.id })
      .filter((m) => m.method === "sendMessage")
      .filter((m) => !telegram.deleted({ chatId: forum!.id }).some((d) => d.messageId === m.messageId));
    expect(left.map((m) => m.messageId)).toEqual([answer.messageId]);
  });

  it("a group's streaming answer does not hold up a DM", async () => {
    const { bot } = await start({ pacing: true });
    const { telegram, user, group } = stack!;
    scriptAnswer({ content: `${ANSWER} ${ANSWER} ${ANSWER}`, chunkDelayMs: 150 });
    const inGroup = telegram.userSays({ from: user.id, chat: group.id, text: `@${bot} ${QUESTION}` });
    await telegram.waitForSent(
      (m) => m.chatId === group.id && m.replyToMessageId === inGroup.messageId,
      10_000,
    );
    scriptAnswer({ content: "Ask for a laptop on your first day [1]." }, "onboarding first day laptop");
    const started = Date.now();
    const dm = await askInDm(bot, "what do I do on my first day?", 10_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(dm.text).toContain("Ask for a laptop on your first day [1].");
    // The group's answer was still being written meanwhile.
    expect(telegram.sent({ chatId: group.id }).some((m) => m.text.includes("📖"))).toBe(false);
  });
});
