import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
const start = async (options: { now?: () => number } = {}) => (current = await startSandbox(options));
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

const keyboard = (...data: string[]) => ({
  inline_keyboard: data.map((d) => [{ text: `page ${d}`, callback_data: d }]),
});

describe("inline keyboards and callback queries", () => {
  it("keeps a keyboard on the message, and refuses callback_data over 64 bytes", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const sent = await call("sendMessage", {
      chat_id: user.id,
      text: "pick",
      reply_markup: keyboard("a", "b"),
    });
    expect(sent.body.result.reply_markup).toEqual(keyboard("a", "b"));
    expect(sandbox.sent().at(-1)!.replyMarkup).toEqual(keyboard("a", "b"));
    const long = await call("sendMessage", {
      chat_id: user.id,
      text: "x",
      reply_markup: keyboard("é".repeat(33)),
    });
    expect(long.body).toMatchObject({
      ok: false,
      error_code: 400,
      description: "Bad Request: BUTTON_DATA_INVALID",
    });
    const exact = await call("sendMessage", {
      chat_id: user.id,
      text: "x",
      reply_markup: keyboard("d".repeat(64)),
    });
    expect(exact.body.ok).toBe(true);
    const empty = await call("sendMessage", { chat_id: user.id, text: "x", reply_markup: keyboard("") });
    expect(empty.body.description).toBe("Bad Request: BUTTON_DATA_INVALID");
  });

  it("a tap reaches the bot as Telegram sends it (also on an inaccessible message); the answer is taken once", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const sent = await call("sendMessage", { chat_id: user.id, text: "pick", reply_markup: keyboard("a") });
    const messageId = sent.body.result.message_id as number;
    const { callbackQueryId, deliveredTo } = sandbox.tap({
      from: user.id,
      chat: { bot: bot.username },
      messageId,
      data: "a",
    });
    expect(deliveredTo).toEqual([bot.username]);
    const updates = (await call("getUpdates", { timeout: 0 })).body.result as any[];
    const query = updates.at(-1).callback_query;
    expect(query).toMatchObject({
      id: callbackQueryId,
      from: { id: user.id, is_bot: false },
      message: {
        message_id: messageId,
        from: { id: bot.id },
        chat: { id: user.id, type: "private" },
        text: "pick",
      },
      data: "a",
    });
    expect(typeof query.chat_instance).toBe("string");
    expect(() => sandbox.tap({ from: user.id, chat: { bot: bot.username }, messageId, data: "zz" })).toThrow(
      /no button/,
    );
    expect(
      (await call("answerCallbackQuery", { callback_query_id: callbackQueryId, text: "ok" })).body.result,
    ).toBe(true);
    const again = await call("answerCallbackQuery", { callback_query_id: callbackQueryId });
    expect(again.body.description).toMatch(/query is too old/);

    // On a message the bot can no longer see (older than 48 hours): Telegram's InaccessibleMessage.
    const hidden = sandbox.tap({
      from: user.id,
      chat: { bot: bot.username },
      messageId,
      data: "a",
      inaccessible: true,
    });
    const offset = (updates.at(-1).update_id as number) + 1;
    const later = (await call("getUpdates", { timeout: 0, offset })).body.result as any[];
    expect(later.at(-1).callback_query).toMatchObject({
      id: hidden.callbackQueryId,
      from: { id: user.id },
      data: "a",
    });
    expect(later.at(-1).callback_query.message).toEqual({
      chat: expect.objectContaining({ id: user.id }),
      message_id: messageId,
      date: 0,
    });
    expect(
      (await call("answerCallbackQuery", { callback_query_id: hidden.callbackQueryId })).body.result,
    ).toBe(true);
  });

  it("a late answer is too old; a bot that did not ask for callback queries gets none", async () => {
    let now = 1_000_000;
    const { sandbox, call, bot, user } = await start({ now: () => now });
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const sent = await call("sendMessage", { chat_id: user.id, text: "pick", reply_markup: keyboard("a") });
    const messageId = sent.body.result.message_id as number;
    const { callbackQueryId } = sandbox.tap({
      from: user.id,
      chat: { bot: bot.username },
      messageId,
      data: "a",
    });
    now += 20_000;
    const late = await call("answerCallbackQuery", { callback_query_id: callbackQueryId });
    expect(late.body).toMatchObject({ ok: false, error_code: 400 });
    await call("getUpdates", { timeout: 0, offset: -1, allowed_updates: ["message"] });
    expect(
      sandbox.tap({ from: user.id, chat: { bot: bot.username }, messageId, data: "a" }).deliveredTo,
    ).toEqual([]);
  });

  it("editMessageText: unchanged text and keyboard → 400 not modified; a new keyboard is a change", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    const sent = await call("sendMessage", { chat_id: user.id, text: "pick", reply_markup: keyboard("a") });
    const message_id = sent.body.result.message_id as number;
    const same = await call("editMessageText", {
      chat_id: user.id,
      message_id,
      text: "pick",
      reply_markup: keyboard("a"),
    });
    expect(same.body.description).toMatch(/^Bad Request: message is not modified/);
    const other = await call("editMessageText", {
      chat_id: user.id,
      message_id,
      text: "pick",
      reply_markup: keyboard("b"),
    });
    expect(other.body.result.reply_markup).toEqual(keyboard("b"));
    const removed = await call("editMessageText", { chat_id: user.id, message_id, text: "pick" });
    expect(removed.body.result.reply_markup).toBeUndefined();
  });
});
