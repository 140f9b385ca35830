import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import type { Journal } from "../../../src/accounts/journal/journal.js";
import { createReplier } from "../../../src/accounts/telegram-replier.js";
import { createLogger } from "../../../src/log/logger.js";
import { createTelegramSandbox, type TelegramSandbox } from "../../../packages/sandbox/src/telegram/index.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("a reply waits for its update's turn in the chat", () => {
  it("sends only once the turn came; the tap's answer goes at once", async () => {
    sandbox = createTelegramSandbox({ flood: null });
    const apiRoot = await sandbox.listen();
    const bot = sandbox.addBot({ username: "wiki_bot" });
    const ada = sandbox.addUser({ firstName: "Ada" });
    const asked = sandbox.userSays({ from: ada.id, chat: { bot: bot.username }, text: "hi" });
    const api = new Bot(bot.token, { client: { apiRoot } }).api;
    const log = createLogger({ level: "silent" });
    const offer = await api.sendMessage(ada.id, "Closest pages in the wiki:", {
      reply_markup: { inline_keyboard: [[{ text: "Printers", callback_data: "c:AAAAAAAAAAAA:0" }]] },
    });
    const { callbackQueryId } = sandbox.tap({
      from: ada.id,
      chat: { bot: bot.username },
      messageId: offer.message_id,
      data: "c:AAAAAAAAAAAA:0",
    });
    let turnCame: () => void = () => {};
    const turn = new Promise<void>((resolve) => (turnCame = resolve));
    const reply = createReplier(
      { api, journal: {} as Journal, log, toPlain: (html) => html },
      { chatId: ada.id, messageId: asked.messageId, turn },
    );
    const sending = reply.send(["the page"]);
    await reply.answerCallback(callbackQueryId);
    expect(sandbox.calls({ method: "answerCallbackQuery" }).map((c) => c.status)).toEqual([200]);
    await new Promise((r) => setTimeout(r, 100));
    expect(sandbox.sent({ chatId: ada.id }).map((m) => m.text)).toEqual(["Closest pages in the wiki:"]);
    turnCame();
    await sending;
    expect(sandbox.sent({ chatId: ada.id }).map((m) => m.text)).toEqual([
      "Closest pages in the wiki:",
      "the page",
    ]);
  });
});
