import { Bot } from "grammy";
import type { InputRichBlock } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { RICH_LIMITS } from "../../../../packages/sandbox/src/telegram/rich/check.js";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
/** A sandbox whose user has opened the private chat (a bot cannot write first). */
const start = async () => {
  current = await startSandbox();
  current.sandbox.faults.flood(null); // many sends to one chat in a row
  current.sandbox.userSays({ from: current.user.id, chat: { bot: current.bot.username }, text: "/start" });
  return current;
};
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

const PAGE_MARKDOWN = [
  "# Backups",
  "",
  "Keep **three** copies:",
  "",
  "| Copy | Where |",
  "|:-----|------:|",
  "| 1 | laptop |",
  "| 2 | `nas` |",
  "",
  "```bash",
  "tar -czf backup.tgz ~/docs",
  "```",
  "",
  "- [x] daily",
  "- [ ] weekly",
  "",
  "<details><summary>More</summary>",
  "",
  "## Restore",
  "Unpack it.",
  "",
  "</details>",
].join("\n");

const cell = (text: string) => ({ text, align: "left", valign: "top" });
const paragraphs = (n: number, text = "x") => Array.from({ length: n }, () => ({ type: "paragraph", text }));

describe("rich messages (Bot API 10.1)", () => {
  it("sendRichMessage takes Markdown-style content through grammY and returns Message.rich_message blocks", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    const grammy = new Bot(bot.token, { client: { apiRoot } });
    const sent = await grammy.api.sendRichMessage(user.id, { markdown: PAGE_MARKDOWN });
    const blocks = sent.rich_message.blocks;
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "table", "pre", "list", "details"]);
    expect(blocks[0]).toEqual({ type: "heading", size: 1, text: "Backups" });
    expect(blocks[1]).toEqual({
      type: "paragraph",
      text: ["Keep ", { type: "bold", text: "three" }, " copies:"],
    });
    expect(blocks[2]).toMatchObject({
      type: "table",
      cells: [
        [
          { text: "Copy", is_header: true, align: "left" },
          { text: "Where", is_header: true, align: "right" },
        ],
        [{ text: "1" }, { text: "laptop" }],
        [{ text: "2" }, { text: [{ type: "code", text: "nas" }] }],
      ],
    });
    expect(blocks[3]).toEqual({ type: "pre", text: "tar -czf backup.tgz ~/docs", language: "bash" });
    expect(blocks[4]).toMatchObject({
      items: [{ has_checkbox: true, is_checked: true }, { has_checkbox: true }],
    });
    expect(blocks[5]).toMatchObject({
      type: "details",
      summary: "More",
      blocks: [{ type: "heading", size: 2, text: "Restore" }, { type: "paragraph" }],
    });
    expect(sent).not.toHaveProperty("text");
    const [log] = sandbox.sent({ chatId: user.id });
    expect(log).toMatchObject({ method: "sendRichMessage", rich: { blocks } });
    expect(log!.text).toContain("tar -czf backup.tgz ~/docs");
    expect(log!.text).toContain("2 | nas");
  });

  it("takes HTML-style content, and refuses a tag it does not know or one left open", async () => {
    const { call, user } = await start();
    const html =
      '<h2>Title</h2><p>A <b>bold</b> <a href="https://w.example/x">link</a></p>' +
      '<pre><code class="language-python">print(1)</code></pre>' +
      "<table bordered><tr><th>K</th><th>V</th></tr><tr><td>a</td><td>1</td></tr></table>" +
      "<details><summary>Rest</summary><p>more</p></details>";
    const ok = await call("sendRichMessage", { chat_id: user.id, rich_message: { html } });
    expect(ok.body.result.rich_message.blocks).toEqual([
      { type: "heading", size: 2, text: "Title" },
      {
        type: "paragraph",
        text: [
          "A ",
          { type: "bold", text: "bold" },
          " ",
          { type: "url", text: "link", url: "https://w.example/x" },
        ],
      },
      { type: "pre", text: "print(1)", language: "python" },
      {
        type: "table",
        is_bordered: true,
        cells: [
          [
            { text: "K", is_header: true, align: "left", valign: "top" },
            { text: "V", is_header: true, align: "left", valign: "top" },
          ],
          [cell("a"), cell("1")],
        ],
      },
      { type: "details", summary: "Rest", blocks: [{ type: "paragraph", text: "more" }] },
    ]);
    const bad = await call("sendRichMessage", {
      chat_id: user.id,
      rich_message: { html: "<blink>x</blink>" },
    });
    expect(bad.body).toMatchObject({
      error_code: 400,
      description: expect.stringContaining('Unsupported start tag "blink"'),
    });
    const open = await call("sendRichMessage", { chat_id: user.id, rich_message: { html: "<p><b>x</p>" } });
    expect(open.body.description).toMatch(/^Bad Request: can't parse rich message HTML: Can't find end tag/);
  });

  it("holds explicit blocks to Telegram's limits: characters, blocks, nesting, table columns, media", async () => {
    const { call, user } = await start();
    const send = async (blocks: unknown) =>
      (await call("sendRichMessage", { chat_id: user.id, rich_message: { blocks } })).body;
    const fail = async (blocks: unknown) => (await send(blocks)).description as string;

    expect((await send([{ type: "paragraph", text: "é".repeat(RICH_LIMITS.chars) }])).ok).toBe(true);
    expect(await fail([{ type: "paragraph", text: "é".repeat(RICH_LIMITS.chars + 1) }])).toBe(
      "Bad Request: RICH_MESSAGE_TOO_LONG",
    );
    expect((await send(paragraphs(RICH_LIMITS.blocks))).ok).toBe(true);
    expect(await fail(paragraphs(RICH_LIMITS.blocks + 1))).toBe("Bad Request: RICH_MESSAGE_BLOCKS_TOO_MANY");
    // Table rows count as blocks too.
    const rows = Array.from({ length: RICH_LIMITS.blocks }, () => [cell("r")]);
    expect(await fail([{ type: "table", cells: rows }])).toBe("Bad Request: RICH_MESSAGE_BLOCKS_TOO_MANY");
    const wide = (n: number) => [{ type: "table", cells: [Array.from({ length: n }, () => cell("c"))] }];
    expect((await send(wide(RICH_LIMITS.columns))).ok).toBe(true);
    expect(await fail(wide(RICH_LIMITS.columns + 1))).toBe(
      "Bad Request: RICH_MESSAGE_TABLE_COLUMNS_TOO_MANY",
    );
    const nested = (depth: number): unknown =>
      depth <= 1 ? { type: "paragraph", text: "deep" } : { type: "blockquote", blocks: [nested(depth - 1)] };
    expect((await send([nested(RICH_LIMITS.depth - 1)])).ok).toBe(true);
    expect(await fail([nested(RICH_LIMITS.depth + 1)])).toBe("Bad Request: RICH_MESSAGE_NESTING_TOO_DEEP");
    const photos = (n: number) =>
      Array.from({ length: n }, () => ({
        type: "photo",
        photo: { type: "photo", media: "https://p.example/a.jpg" },
      }));
    expect((await send(photos(RICH_LIMITS.media))).ok).toBe(true);
    expect(await fail(photos(RICH_LIMITS.media + 1))).toBe("Bad Request: RICH_MESSAGE_MEDIA_TOO_MANY");
  });

  it("answers Telegram's parse errors for a malformed message", async () => {
    const { call, user } = await start();
    const fail = async (rich_message: unknown) =>
      (await call("sendRichMessage", { chat_id: user.id, rich_message })).body.description as string;
    expect(await fail({ blocks: [{ type: "table", rows: [] }] })).toBe(
      `Bad Request: can't parse InputRichBlock: Can't find field "cells"`,
    );
    expect(await fail({ blocks: [{ type: "heading", text: "h" }] })).toBe(
      `Bad Request: can't parse InputRichBlock: Can't find field "size"`,
    );
    expect(await fail({ blocks: [{ type: "paragraph", text: { type: "plain", text: "x" } }] })).toBe(
      "Bad Request: Can't parse RichText: Unsupported rich text type",
    );
    expect(await fail({})).toBe("Bad Request: RICH_MESSAGE_CONTENT_REQUIRED");
    expect(await fail({ markdown: "a", html: "<p>a</p>" })).toBe("Bad Request: RICH_MESSAGE_CONTENT_INVALID");
    expect(await fail({ blocks: [{ type: "thinking", text: "…" }] })).toMatch(/only in drafts/);
  });

  it("a rich message can be replied to, edited with rich_message, and sent into a forum topic", async () => {
    const { sandbox, call, bot, user } = await start();
    const first = (await call("sendRichMessage", { chat_id: user.id, rich_message: { markdown: "# One" } }))
      .body.result;
    const reply = await call("sendMessage", {
      chat_id: user.id,
      text: "and more",
      reply_parameters: { message_id: first.message_id },
    });
    expect(reply.body.result.reply_to_message.rich_message).toEqual(first.rich_message);
    sandbox.userSays({
      from: user.id,
      chat: { bot: bot.username },
      text: "thanks",
      replyTo: first.message_id,
    });
    const updates = (await call("getUpdates", { timeout: 0 })).body.result as any[];
    expect(updates.at(-1).message.reply_to_message.rich_message.blocks[0]).toMatchObject({ type: "heading" });

    const edit = { chat_id: user.id, message_id: first.message_id, rich_message: { markdown: "# Two" } };
    const edited = (await call("editMessageText", edit)).body.result;
    expect(edited).toMatchObject({
      edit_date: expect.any(Number),
      rich_message: { blocks: [{ text: "Two" }] },
    });
    expect((await call("editMessageText", edit)).body.description).toMatch(/message is not modified/);
    const toText = await call("editMessageText", {
      chat_id: user.id,
      message_id: first.message_id,
      text: "plain",
    });
    expect(toText.body.result).toMatchObject({ text: "plain" });
    expect(toText.body.result).not.toHaveProperty("rich_message");

    const forum = sandbox.addGroup({ title: "Forum", forum: true, members: [user.id], bots: [bot.username] });
    const { threadId } = sandbox.createTopic(forum.id, { name: "Help", by: bot.username });
    const inTopic = await call("sendRichMessage", {
      chat_id: forum.id,
      message_thread_id: threadId,
      rich_message: { blocks: [{ type: "pre", text: "ls", language: "sh" }] },
      reply_markup: { inline_keyboard: [[{ text: "More", callback_data: "m" }]] },
    });
    expect(inTopic.body.result).toMatchObject({
      message_thread_id: threadId,
      is_topic_message: true,
      rich_message: { blocks: [{ type: "pre", language: "sh" }] },
      reply_markup: { inline_keyboard: [[{ text: "More" }]] },
    });
    expect(sandbox.sent({ chatId: forum.id }).at(-1)).toMatchObject({ threadId, method: "sendRichMessage" });
  });

  it("sendRichMessageDraft streams to private chats only, with the thinking block; drafts are not messages", async () => {
    const { sandbox, call, user } = await start();
    const thinking: InputRichBlock[] = [{ type: "thinking", text: "Looking it up…" }];
    const draft = await call("sendRichMessageDraft", {
      chat_id: user.id,
      draft_id: 7,
      rich_message: { blocks: thinking },
    });
    expect(draft.body).toEqual({ ok: true, result: true });
    expect(
      (await call("sendRichMessageDraft", { chat_id: user.id, draft_id: 0, rich_message: { markdown: "x" } }))
        .body.description,
    ).toMatch(/draft_id/);
    const group = sandbox.addGroup({ title: "G", members: [user.id], bots: ["alpha_bot"] });
    expect(
      (
        await call("sendRichMessageDraft", {
          chat_id: group.id,
          draft_id: 1,
          rich_message: { markdown: "x" },
        })
      ).body.error_code,
    ).toBe(400);
    expect(sandbox.sent({ chatId: user.id })).toEqual([]);
  });

  it("an inline result with InputRichMessageContent posts a rich message via the bot", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.setBotInline(bot.username, true);
    const { inlineQueryId } = sandbox.inlineQuery({ from: user.id, bot: bot.username, query: "tar" });
    const results = [
      {
        type: "article",
        id: "r1",
        title: "tar",
        input_message_content: { rich_message: { markdown: "## tar\n\n`tar -x`" } },
      },
    ];
    expect((await call("answerInlineQuery", { inline_query_id: inlineQueryId, results })).body.ok).toBe(true);
    expect(sandbox.inlineAnswer(inlineQueryId)?.results[0]).toMatchObject({
      rich: { blocks: [{ type: "heading" }, { type: "paragraph" }] },
    });
    const bad = sandbox.inlineQuery({ from: user.id, bot: bot.username, query: "x" }).inlineQueryId;
    const tooWide = [{ type: "table", cells: [Array.from({ length: 21 }, () => cell("c"))] }];
    const refused = await call("answerInlineQuery", {
      inline_query_id: bad,
      results: [
        {
          type: "article",
          id: "r",
          title: "t",
          input_message_content: { rich_message: { blocks: tooWide } },
        },
      ],
    });
    expect(refused.body.description).toBe("Bad Request: RICH_MESSAGE_TABLE_COLUMNS_TOO_MANY");
  });
});
