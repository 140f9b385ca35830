import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
const start = async (options: { now?: () => number } = {}) => (current = await startSandbox(options));
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

describe("Bot API basics", () => {
  it("getMe answers the bot's identity; privacy shows in can_read_all_group_messages", async () => {
    const { sandbox, call, bot } = await start();
    const me = await call("getMe");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      ok: true,
      result: expect.objectContaining({
        id: bot.id,
        is_bot: true,
        first_name: "Alpha",
        username: "alpha_bot",
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      }),
    });
    const open = sandbox.addBot({ username: "open_bot", privacy: false });
    expect((await call("getMe", {}, open.token)).body.result.can_read_all_group_messages).toBe(true);
    expect(bot.token).toMatch(new RegExp(`^${bot.id}:[A-Za-z0-9_-]{35,}$`));
  });

  it("unknown token → 401, unknown method → 404, both in the error shape", async () => {
    const { call, bot } = await start();
    expect(await call("getMe", {}, "123:nope")).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: "Unauthorized" },
    });
    expect(await call("sendTelepathy")).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: "Not Found" },
    });
    const res = await fetch(`${current!.apiRoot}/elsewhere`);
    expect(res.status).toBe(404);
    expect(bot.username).toBe("alpha_bot");
  });

  it("reads parameters from the query string and urlencoded bodies", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const byQuery = await fetch(`${apiRoot}/bot${bot.token}/getUpdates?timeout=0&limit=1`).then(
      (r) => r.json() as Promise<any>,
    );
    expect(byQuery.result).toHaveLength(1);
    const form = new URLSearchParams({ chat_id: String(user.id), text: "<b>x</b>", parse_mode: "HTML" });
    const sent = await fetch(`${apiRoot}/bot${bot.token}/sendMessage`, { method: "POST", body: form }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(sent.result.entities).toEqual([{ type: "bold", offset: 0, length: 1 }]);
  });
});

describe("sendMessage", () => {
  it("checks chats: unknown 400, never-contacted user 403, group without the bot 403", async () => {
    const { sandbox, call, user } = await start();
    expect((await call("sendMessage", { chat_id: 999, text: "x" })).body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: chat not found",
    });
    expect((await call("sendMessage", { chat_id: user.id, text: "x" })).body.description).toBe(
      "Forbidden: bot can't initiate conversation with a user",
    );
    const group = sandbox.addGroup({ title: "G", members: [user.id] });
    expect((await call("sendMessage", { chat_id: group.id, text: "x" })).body).toMatchObject({
      error_code: 403,
      description: "Forbidden: bot is not a member of the supergroup chat",
    });
    expect(String(group.id)).toMatch(/^-100\d+$/);
  });

  it("length is counted in code points after parsing: 4096 pass, 4097 fail; empty fails", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "/start" });
    const emoji = "😀".repeat(4096); // 8192 UTF-16 units, 4096 code points
    expect((await call("sendMessage", { chat_id: user.id, text: emoji })).body.ok).toBe(true);
    expect(
      (
        await call("sendMessage", {
          chat_id: user.id,
          text: `<b>${"a".repeat(4096)}</b>`,
          parse_mode: "HTML",
        })
      ).body.ok,
    ).toBe(true);
    expect((await call("sendMessage", { chat_id: user.id, text: "a".repeat(4097) })).body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: message is too long",
    });
    for (const text of ["", "   \n ", "<b></b>"]) {
      const answer = await call("sendMessage", { chat_id: user.id, text, parse_mode: "HTML" });
      expect(answer.body.description).toBe("Bad Request: message text is empty");
    }
  });

  it("bad HTML and unescaped MarkdownV2 → 400 can't parse entities; plain retry works", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const bad = await call("sendMessage", { chat_id: user.id, text: "<b>bold <i>x</b>", parse_mode: "HTML" });
    expect(bad.body).toEqual({
      ok: false,
      error_code: 400,
      description:
        'Bad Request: can\'t parse entities: Unmatched end tag at byte offset 12, expected "</i>", found "</b>"',
    });
    const unknown = await call("sendMessage", {
      chat_id: user.id,
      text: "a <div>b</div>",
      parse_mode: "HTML",
    });
    expect(unknown.body.description).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 2',
    );
    const md = await call("sendMessage", { chat_id: user.id, text: "Version 1.2", parse_mode: "MarkdownV2" });
    expect(md.body.description).toBe(
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(
      (await call("sendMessage", { chat_id: user.id, text: "Version 1\\.2 *ok*", parse_mode: "MarkdownV2" }))
        .body.result,
    ).toMatchObject({
      text: "Version 1.2 ok",
      entities: [{ type: "bold", offset: 12, length: 2 }],
    });
    expect(
      (await call("sendMessage", { chat_id: user.id, text: "x", parse_mode: "Klingon" })).body.description,
    ).toBe("Bad Request: unsupported parse_mode");
    expect(sandbox.sent().map((m) => m.text)).toEqual(["Version 1.2 ok"]);
  });

  it("replies: reply_parameters and reply_to_message_id; unknown target needs allow_sending_without_reply", async () => {
    const { sandbox, call, bot, user } = await start();
    const said = sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "question" });
    const answer = await call("sendMessage", {
      chat_id: user.id,
      text: "answer",
      reply_parameters: { message_id: said.messageId },
      link_preview_options: { is_disabled: true },
    });
    expect(answer.body.result.reply_to_message).toMatchObject({
      message_id: said.messageId,
      text: "question",
    });
    expect(answer.body.result.message_id).toBe(said.messageId + 1);
    const legacy = await call("sendMessage", {
      chat_id: user.id,
      text: "again",
      reply_to_message_id: said.messageId,
    });
    expect(legacy.body.result.reply_to_message.message_id).toBe(said.messageId);
    const missing = await call("sendMessage", {
      chat_id: user.id,
      text: "x",
      reply_parameters: { message_id: 999 },
    });
    expect(missing.body.description).toBe("Bad Request: message to be replied not found");
    const allowed = await call("sendMessage", {
      chat_id: user.id,
      text: "x",
      reply_parameters: { message_id: 999, allow_sending_without_reply: true },
    });
    expect(allowed.body.ok).toBe(true);
    expect(sandbox.sent().map((m) => m.replyToMessageId)).toEqual([
      said.messageId,
      said.messageId,
      undefined,
    ]);
  });

  it("blocked by the user → 403; upgraded basic group → 400 with migrate_to_chat_id", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    sandbox.faults.blockBot(bot.username, user.id);
    expect((await call("sendMessage", { chat_id: user.id, text: "x" })).body.description).toBe(
      "Forbidden: bot was blocked by the user",
    );
    const basic = sandbox.addGroup({ title: "Old", type: "group", members: [user.id], bots: [bot.username] });
    expect(String(basic.id)).not.toMatch(/^-100/);
    const upgraded = sandbox.upgradeGroup(basic.id);
    expect((await call("sendMessage", { chat_id: basic.id, text: "x" })).body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: upgraded.id },
    });
    expect((await call("sendMessage", { chat_id: upgraded.id, text: "x" })).body.ok).toBe(true);
    // Service messages reach the privacy-mode bot in both chats.
    const service = (await call("getUpdates")).body.result.slice(-2).map((u: any) => u.message);
    expect(service).toEqual([
      expect.objectContaining({
        chat: expect.objectContaining({ id: basic.id }),
        migrate_to_chat_id: upgraded.id,
      }),
      expect.objectContaining({
        chat: expect.objectContaining({ id: upgraded.id }),
        migrate_from_chat_id: basic.id,
      }),
    ]);
  });
});

describe("other methods", () => {
  it("editMessageText edits own messages, refuses unchanged text and foreign messages; deleteMessage", async () => {
    const { sandbox, call, bot, user } = await start();
    const said = sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const sent = (await call("sendMessage", { chat_id: user.id, text: "draft" })).body.result;
    const edited = await call("editMessageText", {
      chat_id: user.id,
      message_id: sent.message_id,
      text: "<i>final</i>",
      parse_mode: "HTML",
    });
    expect(edited.body.result).toMatchObject({ text: "final", edit_date: expect.any(Number) });
    const same = await call("editMessageText", {
      chat_id: user.id,
      message_id: sent.message_id,
      text: "<i>final</i>",
      parse_mode: "HTML",
    });
    expect(same.body.description).toMatch(/^Bad Request: message is not modified/);
    expect(
      (await call("editMessageText", { chat_id: user.id, message_id: said.messageId, text: "x" })).body
        .description,
    ).toBe("Bad Request: message can't be edited");
    expect(
      (await call("editMessageText", { chat_id: user.id, message_id: 77, text: "x" })).body.description,
    ).toBe("Bad Request: message to edit not found");
    expect(sandbox.sent().map((m) => [m.method, m.text])).toEqual([
      ["sendMessage", "draft"],
      ["editMessageText", "final"],
    ]);
    expect((await call("deleteMessage", { chat_id: user.id, message_id: sent.message_id })).body.result).toBe(
      true,
    );
    expect(
      (await call("deleteMessage", { chat_id: user.id, message_id: sent.message_id })).body.description,
    ).toBe("Bad Request: message to delete not found");
  });

  it("commands are stored per scope; chat actions, getChat, getChatMember, close and logOut", async () => {
    const { sandbox, call, bot, user } = await start();
    const commands = [{ command: "help", description: "Show help" }];
    expect((await call("setMyCommands", { commands })).body.result).toBe(true);
    expect((await call("getMyCommands")).body.result).toEqual(commands);
    expect((await call("getMyCommands", { scope: { type: "all_group_chats" } })).body.result).toEqual([]);
    expect(
      (await call("setMyCommands", { commands: [{ command: "Bad-Name", description: "x" }] })).body
        .description,
    ).toBe("Bad Request: BOT_COMMAND_INVALID");
    expect((await call("deleteMyCommands")).body.result).toBe(true);
    expect((await call("getMyCommands")).body.result).toEqual([]);

    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    expect((await call("sendChatAction", { chat_id: user.id, action: "typing" })).body.result).toBe(true);
    expect((await call("sendChatAction", { chat_id: user.id, action: "dancing" })).body.error_code).toBe(400);
    expect((await call("getChat", { chat_id: user.id })).body.result).toMatchObject({
      id: user.id,
      type: "private",
      first_name: "Ada",
    });
    const group = sandbox.addGroup({ title: "Team", members: [user.id], bots: [bot.username] });
    expect((await call("getChat", { chat_id: group.id })).body.result).toMatchObject({
      id: group.id,
      type: "supergroup",
      title: "Team",
    });
    expect((await call("getChatMember", { chat_id: group.id, user_id: user.id })).body.result).toMatchObject({
      status: "member",
      user: { id: user.id },
    });
    // A query Telegram never handed out is refused; one it did is answered once.
    expect((await call("answerCallbackQuery", { callback_query_id: "1" })).body.error_code).toBe(400);
    sandbox.injectUpdate(bot.username, { callback_query: { id: "1", data: "x" } });
    expect((await call("answerCallbackQuery", { callback_query_id: "1" })).body.result).toBe(true);
    expect((await call("close")).body.result).toBe(true);
    expect((await call("logOut")).body.result).toBe(true);
    expect(sandbox.calls({ method: "getChat" })).toHaveLength(2);
  });
});

describe("getUpdates", () => {
  it("offset confirms, negative offset keeps the last N, limit is clamped", async () => {
    const { sandbox, call, bot, user } = await start();
    for (let i = 1; i <= 5; i++)
      sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: `m${i}` });
    const all = (await call("getUpdates", { limit: 2 })).body.result;
    expect(all.map((u: any) => u.message.text)).toEqual(["m1", "m2"]);
    const afterTwo = (await call("getUpdates", { offset: all[1].update_id + 1, limit: 0 })).body.result;
    expect(afterTwo.map((u: any) => u.message.text)).toEqual(["m3", "m4", "m5"]);
    expect(sandbox.pendingUpdates(bot.username)).toBe(3);
    const last = (await call("getUpdates", { offset: -1 })).body.result;
    expect(last.map((u: any) => u.message.text)).toEqual(["m5"]);
    expect(sandbox.pendingUpdates(bot.username)).toBe(1);
    expect((await call("getUpdates", { offset: last[0].update_id + 1 })).body.result).toEqual([]);
    expect(sandbox.pendingUpdates(bot.username)).toBe(0);
  });

  it("allowed_updates is remembered between calls and filters new updates", async () => {
    const { sandbox, call, bot, user } = await start();
    await call("getUpdates", { allowed_updates: ["callback_query"] });
    const said = sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "ignored" });
    expect(said.deliveredTo).toEqual([]);
    await call("getUpdates", {});
    expect(
      sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "still ignored" }).deliveredTo,
    ).toEqual([]);
    await call("getUpdates", { allowed_updates: [] });
    expect(
      sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "seen" }).deliveredTo,
    ).toEqual([bot.username]);
  });

  it("drops updates older than 24 h by the injected clock", async () => {
    let clock = Date.UTC(2025, 0, 1);
    const { sandbox, call, bot, user } = await start({ now: () => clock });
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "old" });
    clock += 23 * 3600_000;
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "newer" });
    expect(sandbox.pendingUpdates(bot.username)).toBe(2);
    clock += 1 * 3600_000 + 1;
    const result = (await call("getUpdates")).body.result;
    expect(result.map((u: any) => u.message.text)).toEqual(["newer"]);
    expect(result[0].message.date).toBe(Math.floor((clock - 3600_001) / 1000));
    clock += 24 * 3600_000;
    expect(sandbox.pendingUpdates(bot.username)).toBe(0);
    expect((await call("getWebhookInfo")).body.result).toEqual({
      url: "",
      has_custom_certificate: false,
      pending_update_count: 0,
    });
  });

  it("webhooks: getUpdates 409 while set; setWebhook url '' or deleteWebhook remove it, keeping or dropping updates", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "one" });
    expect((await call("setWebhook", { url: "http://insecure.example" })).body.error_code).toBe(400);
    expect((await call("setWebhook", { url: "https://hooks.example/x" })).body.result).toBe(true);
    expect((await call("getUpdates")).body).toEqual({
      ok: false,
      error_code: 409,
      description:
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    });
    expect((await call("getWebhookInfo")).body.result).toMatchObject({
      url: "https://hooks.example/x",
      pending_update_count: 1,
    });
    await call("setWebhook", { url: "" });
    expect((await call("getUpdates")).body.result).toHaveLength(1);
    sandbox.faults.setWebhook(bot.username, "https://mistake.example");
    await call("deleteWebhook", { drop_pending_updates: true });
    expect((await call("getUpdates")).body.result).toEqual([]);
  });
});

describe("malformed requests", () => {
  it("a bad token is checked before the body; a bad JSON body is a 400", async () => {
    const { apiRoot, bot } = await start();
    const post = (token: string) =>
      fetch(`${apiRoot}/bot${token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{oops",
      });
    expect((await post("1:bad")).status).toBe(401);
    const bad = await post(bot.token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: can't parse JSON object",
    });
  });
});

describe("sent log", () => {
  it("waitForSent resolves with past or future sends and rejects with the recent ones listed", async () => {
    const { sandbox, call, user, bot } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    await call("sendMessage", { chat_id: user.id, text: "already there" });
    expect((await sandbox.waitForSent((m) => m.text === "already there", 100)).seq).toBe(1);
    const later = sandbox.waitForSent((m) => m.text === "later", 2000);
    await call("sendMessage", { chat_id: user.id, text: "later" });
    expect((await later).messageId).toBe(3);
    await expect(sandbox.waitForSent((m) => m.text === "never", 100)).rejects.toThrow(
      /no sent message matched within 100 ms; last 2 of 2 sent messages:\n {2}#1 @alpha_bot → \d+: "already there"/,
    );
    expect(sandbox.sent({ sinceSeq: 1 }).map((m) => m.text)).toEqual(["later"]);
    expect(sandbox.sent({ bot: "ALPHA_BOT", chatId: user.id })).toHaveLength(2);
  });
});
