import { afterEach, describe, expect, it } from "vitest";
import type { SentMessage } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";

/**
 * Rich messages end to end (the daemon against both sandboxes): answers with a page's table as a
 * table and its code as code, in a DM and in a forum topic; a long page within Telegram's limits;
 * the fallback to HTML when Telegram refuses; and a kill -9 during rich answers.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

type Block = { type: string; [key: string]: unknown };

const BACKUP_PAGE = {
  path: "guides/archives",
  title: "Archives",
  description: "Keeping archives of the team's files",
  content: [
    "# Archives",
    "",
    "Archive retention keeps three copies of every archive:",
    "",
    "| Copy | Where | Kept |",
    "|------|-------|-----:|",
    "| first | laptop | 7 days |",
    "| second | NAS | 30 days |",
    "| third | offsite | 1 year |",
    "",
    "Create an archive with tar:",
    "",
    "```bash",
    "tar -czf archive.tgz ~/team",
    "```",
    "",
    "## Checking archives",
    "",
    "List what an archive holds with `tar -tzf archive.tgz` before you delete the originals.",
  ].join("\n"),
};

/** Twelve sections of one table of 60 rows each: more table rows than one rich message holds. */
const LONG_PAGE = {
  path: "guides/inventory",
  title: "Inventory",
  description: "Every machine of the office",
  content: [
    "# Inventory",
    "",
    "The inventory lists every machine of the office, room by room.",
    ...Array.from({ length: 12 }, (_, n) =>
      [
        `## Room ${n + 1}`,
        "",
        "| Machine | Owner |",
        "|---------|-------|",
        ...Array.from({ length: 60 }, (_, i) => `| m${n}-${i} | owner ${i} |`),
      ].join("\n"),
    ),
  ].join("\n\n"),
};

const PAGES = [...DEFAULT_PAGES, BACKUP_PAGE, LONG_PAGE];

async function start(account: Record<string, unknown> = { richMessages: "auto" }) {
  stack = await startStack({ accounts: ["default"], pages: PAGES, account: () => account });
  const daemon = await stack.startDaemon();
  // Answers from the index (before it is built they come from the wiki's title search).
  await daemon.waitForLog((l) => l.msg === "search index built", 20_000);
  const bot = stack.bots.default!.username;
  return { stack, daemon, bot };
}

/** Every block of a rich message, nested ones included. */
function walk(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((b) => [
    b,
    ...(Array.isArray(b.blocks) ? walk(b.blocks as Block[]) : []),
    ...(Array.isArray(b.items) ? (b.items as Array<{ blocks: Block[] }>).flatMap((i) => walk(i.blocks)) : []),
  ]);
}

async function replyTo(s: Stack, bot: string, messageId: number): Promise<SentMessage> {
  let found: SentMessage | undefined;
  await eventually(() => {
    found = s.telegram.sent({ bot }).find((m) => m.replyToMessageId === messageId);
    return found !== undefined;
  }, 20_000);
  return found!;
}

/** The table and code block of BACKUP_PAGE, as a rich reply must hold them. */
function expectArchivesAnswer(sent: SentMessage): void {
  expect(sent.method).toBe("sendRichMessage");
  const blocks = walk((sent.rich?.blocks ?? []) as Block[]);
  expect(blocks[0]).toEqual({ type: "heading", size: 1, text: "Archives" });
  const table = blocks.find((b) => b.type === "table") as unknown as {
    cells: Array<Array<{ text: unknown }>>;
  };
  expect(table.cells.map((row) => row.map((c) => c.text))).toEqual([
    ["Copy", "Where", "Kept"],
    ["first", "laptop", "7 days"],
    ["second", "NAS", "30 days"],
    ["third", "offsite", "1 year"],
  ]);
  expect(blocks).toContainEqual({ type: "pre", text: "tar -czf archive.tgz ~/team", language: "bash" });
}

describe("rich messages", () => {
  it("a DM question whose page has a table and code is answered with a rich message holding both", async () => {
    const { stack: s, bot } = await start();
    const asked = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "archive retention copies" });
    const sent = await replyTo(s, bot, asked.messageId);
    expectArchivesAnswer(sent);
    // The rest of the page is collapsed; the link to the page and nothing sent as HTML.
    const details = (sent.rich!.blocks as Block[]).find((b) => b.type === "details");
    expect(JSON.stringify(details)).toContain("Checking archives");
    expect(s.telegram.sent({ bot }).filter((m) => m.method === "sendMessage")).toEqual([]);
  }, 60_000);

  it("in a forum topic the rich answer goes to the topic, as a reply", async () => {
    const { stack: s, bot } = await start();
    const forum = s.telegram.addGroup({ title: "Forum", forum: true, members: [s.user.id], bots: [bot] });
    const { threadId } = s.telegram.createTopic(forum.id, { name: "Ops", by: s.user.id });
    const config = s.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups[String(forum.id)] = { requireMention: true };
    s.writeConfig(config);
    let asked = 0;
    await eventually(() => {
      // The hot reload lets the forum in: ask until the answer comes.
      if (asked === 0 || s.telegram.sent({ chatId: forum.id }).length === 0) {
        asked = s.telegram.userSays({
          from: s.user.id,
          chat: forum.id,
          thread: threadId,
          text: `@${bot} archive retention copies`,
        }).messageId;
      }
      return s.telegram.sent({ chatId: forum.id }).some((m) => m.replyToMessageId === asked);
    }, 20_000);
    const sent = s.telegram.sent({ chatId: forum.id }).find((m) => m.replyToMessageId === asked)!;
    expect(sent.threadId).toBe(threadId);
    expectArchivesAnswer(sent);
  }, 60_000);

  it("a long page fits Telegram's limits: whole tables only, the rest one tap away by link", async () => {
    const { stack: s, bot } = await start();
    const asked = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "inventory machines room" });
    const sent = await replyTo(s, bot, asked.messageId);
    expect(sent.method).toBe("sendRichMessage"); // the sandbox checked every limit
    const tables = walk(sent.rich!.blocks as Block[]).filter((b) => b.type === "table");
    expect(tables.length).toBeGreaterThan(3);
    for (const t of tables) expect((t.cells as unknown[]).length).toBe(61);
    expect(tables.length).toBeLessThan(12);
    const details = (sent.rich!.blocks as Block[]).find((b) => b.type === "details") as unknown as {
      blocks: Block[];
    };
    expect(JSON.stringify(details.blocks.at(-1))).toContain("Read the whole page");
  }, 60_000);

  it("under auto, a refusal is answered as HTML at once, with nothing lost, and logged once", async () => {
    const { stack: s, daemon, bot } = await start();
    s.telegram.faults.failNext(bot, "sendRichMessage", { code: 404, description: "Not Found" });
    const first = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "archive retention copies" });
    const html = await replyTo(s, bot, first.messageId);
    expect(html.method).toBe("sendMessage");
    // Today's HTML answer, whole: the passage and the link to the page.
    expect(html.text).toContain("Archive retention keeps three copies of every archive:");
    expect(html.text).toContain("📖 Archives");
    expect(html.parseMode).toBe("HTML");
    const second = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "archive retention copies" });
    expect((await replyTo(s, bot, second.messageId)).method).toBe("sendMessage");
    // Remembered: the second answer did not try a rich message again.
    expect(s.telegram.calls({ bot, method: "sendRichMessage" })).toHaveLength(1);
    const refusals = daemon.logLines().filter((l) => l.code === "telegram-rich-refused");
    expect(refusals).toHaveLength(1);
    expect(String(refusals[0]!.remedy)).toMatch(/richMessages/);
  }, 60_000);

  it("inline results carry their page as a rich message (InputRichMessageContent): its table and code; one can be picked into a group", async () => {
    const { stack: s, bot } = await start();
    const { inlineQueryId } = s.telegram.inlineQuery({
      from: s.user.id,
      bot,
      query: "archive retention copies",
      chat: s.group.id,
    });
    const answer = await s.telegram.waitForInlineAnswer(inlineQueryId, 15_000);
    const archives = answer.results.find((r) => r.title === "Archives");
    expect(archives, JSON.stringify(answer)).toBeDefined();
    const blocks = walk((archives!.rich?.blocks ?? []) as Block[]);
    expect(blocks[0]).toEqual({ type: "heading", size: 1, text: "Archives" });
    expect(blocks.some((b) => b.type === "table")).toBe(true);
    expect(blocks).toContainEqual({ type: "pre", text: "tar -czf archive.tgz ~/team", language: "bash" });
    // What the daemon sent: every result as InputRichMessageContent, none as HTML text.
    const [sent] = s.telegram.calls({ bot, method: "answerInlineQuery" });
    const results = sent!.params.results as Array<{ input_message_content: object }>;
    const contents = results.map((r) => Object.keys(r.input_message_content));
    expect(contents.length).toBeGreaterThan(0);
    for (const keys of contents) expect(keys).toEqual(["rich_message"]);

    const picked = s.telegram.chooseInlineResult({
      from: s.user.id,
      inlineQueryId,
      resultId: archives!.id,
      chat: s.group.id,
    });
    expect(picked.chatId).toBe(s.group.id);
  }, 60_000);

  it("under auto, rich inline results Telegram refuses are answered as HTML at once, remembered, logged once", async () => {
    const { stack: s, daemon, bot } = await start();
    s.telegram.faults.failNext(bot, "answerInlineQuery", {
      code: 400,
      description: "Bad Request: can't parse InputRichBlock: unsupported",
    });
    const inline = async (query: string) => {
      const { inlineQueryId } = s.telegram.inlineQuery({ from: s.user.id, bot, query, chat: s.group.id });
      return s.telegram.waitForInlineAnswer(inlineQueryId, 15_000);
    };
    const first = await inline("archive retention copies");
    const archives = first.results.find((r) => r.title === "Archives")!;
    expect(archives.rich).toBeUndefined();
    expect(archives.parseMode).toBe("HTML");
    expect(archives.text).toContain("Archive retention keeps three copies of every archive:");
    const second = await inline("archive retention");
    expect(second.results.every((r) => r.rich === undefined && r.parseMode === "HTML")).toBe(true);
    // Three calls: the refused rich answer, its HTML retry, and the second query straight as HTML.
    const calls = s.telegram.calls({ bot, method: "answerInlineQuery" });
    expect(calls.map((c) => [c.status, JSON.stringify(c.params.results).includes('"rich_message"')])).toEqual(
      [
        [400, true],
        [200, false],
        [200, false],
      ],
    );
    const refusals = daemon.logLines().filter((l) => l.code === "telegram-rich-refused");
    expect(refusals).toHaveLength(1);
    // Answers in chats keep their own gate: a refused inline result does not turn them to HTML.
    const asked = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "archive retention copies" });
    expect((await replyTo(s, bot, asked.messageId)).method).toBe("sendRichMessage");
  }, 60_000);

  it("an edited question that found nothing is answered again in place, as a rich message", async () => {
    const { stack: s, bot } = await start();
    const vague = s.telegram.userSays({
      from: s.user.id,
      chat: { bot },
      text: "quantum chromodynamics lattice",
    });
    const nothing = await replyTo(s, bot, vague.messageId);
    expect(nothing.method).toBe("sendMessage"); // "nothing found" has no rich form
    s.telegram.userEdits({
      from: s.user.id,
      chat: { bot },
      messageId: vague.messageId,
      text: "archive retention copies",
    });
    const edited = await s.telegram.waitForSent(
      (m) => m.bot === bot && m.method === "editMessageText" && m.messageId === nothing.messageId,
      15_000,
    );
    expectArchivesAnswer({ ...edited, method: "sendRichMessage" });
    expect(edited.rich).toBeDefined();
  }, 60_000);

  it('under "off" answers stay HTML and no rich message is tried', async () => {
    const { stack: s, bot } = await start({});
    const asked = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "archive retention copies" });
    expect((await replyTo(s, bot, asked.messageId)).method).toBe("sendMessage");
    expect(s.telegram.calls({ bot, method: "sendRichMessage" })).toEqual([]);
  }, 60_000);

  it("kill -9 during a burst of rich answers: after a restart every question is answered once", async () => {
    const started = await start();
    const { stack: s, bot } = started;
    let daemon = started.daemon;
    const ids: number[] = [];
    for (let i = 0; i < 150; i++)
      ids.push(
        s.telegram.userSays({ from: s.user.id, chat: { bot }, text: `archive retention ${i}` }).messageId,
      );
    const replies = () => {
      const counts = new Map<number, number>();
      for (const m of s.telegram.sent({ bot }))
        if (m.replyToMessageId !== undefined)
          counts.set(m.replyToMessageId, (counts.get(m.replyToMessageId) ?? 0) + 1);
      return counts;
    };
    await eventually(() => replies().size >= 20, 30_000, 10);
    daemon.child.kill("SIGKILL");
    await daemon.exited;
    expect(replies().size).toBeLessThan(150);
    daemon = await s.startDaemon();
    await eventually(() => replies().size === 150, 60_000, 100);
    await new Promise((r) => setTimeout(r, 1000)); // a late duplicate would show up now
    const counts = replies();
    expect(ids.every((id) => counts.has(id))).toBe(true);
    // Only a rich message Telegram accepted just before the kill, unread by the daemon, may go twice.
    const replay = daemon.logLines().find((l) => l.msg === "replaying unfinished updates") as
      { ambiguous?: number[] } | undefined;
    const duplicates = [...counts.values()].filter((n) => n > 1);
    expect(duplicates.length).toBeLessThanOrEqual(replay?.ambiguous?.length ?? 0);
    expect(s.telegram.sent({ bot }).every((m) => m.method === "sendRichMessage")).toBe(true);
  }, 120_000);
});
