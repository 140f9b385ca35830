import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { createReplier } from "../../../src/accounts/telegram-replier.js";
import type { Journal } from "../../../src/accounts/journal/journal.js";
import { createLogger } from "../../../src/log/logger.js";
import { createTelegramSandbox, type TelegramSandbox } from "../../../packages/sandbox/src/telegram/index.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A replier alone (no pacing, no retries) against a sandbox without flood limits. */
async function world() {
  sandbox = createTelegramSandbox({ flood: null });
  const apiRoot = await sandbox.listen();
  const bot = sandbox.addBot({ username: "wiki_bot" });
  const ada = sandbox.addUser({ firstName: "Ada" });
  const asked = sandbox.userSays({ from: ada.id, chat: { bot: bot.username }, text: "question" });
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({
    level: "info",
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const api = new Bot(bot.token, { client: { apiRoot } }).api;
  const replier = createReplier(
    { api, journal: {} as Journal, log, toPlain: (html) => html },
    { chatId: ada.id, messageId: asked.messageId },
  );
  return { s: sandbox, ada, replier, lines };
}

describe("a reply in place of an earlier one (SendOptions.replaces)", () => {
  it("names the message of the first chunk", async () => {
    const { s, replier } = await world();
    const sent = await replier.send(["one", "two"]);
    const [one, two] = s.sent();
    expect(sent).toEqual({ messageId: one!.messageId, messageIds: [one!.messageId, two!.messageId] });
  });

  it("edits the earlier reply with the first chunk, with its buttons, and sends the rest after it", async () => {
    const { s, replier } = await world();
    const first = await replier.send(["nothing found"]);
    const again = await replier.send(["<b>found</b>", "more"], {
      replaces: first!.messageId,
      buttons: [[{ text: "x", data: "c:x" }]],
    });
    const log = s.sent();
    expect(again).toEqual({ messageId: first!.messageId, messageIds: [first!.messageId, log[2]!.messageId] });
    expect(log.map((m) => [m.method, m.text])).toEqual([
      ["sendMessage", "nothing found"],
      ["editMessageText", "found"],
      ["sendMessage", "more"],
    ]);
    expect(log[1]!.messageId).toBe(first!.messageId);
    expect(log[2]!.replyMarkup?.inline_keyboard[0]![0]!.text).toBe("x");
  });

  it("takes 'message is not modified' as done, and sends a new reply when the message cannot be edited", async () => {
    const { s, replier, lines } = await world();
    const first = await replier.send(["same"]);
    expect(await replier.send(["same"], { replaces: first!.messageId })).toEqual(first);
    const fresh = await replier.send(["new"], { replaces: 999 });
    expect(fresh?.messageId).not.toBe(999);
    expect(s.sent().map((m) => m.method)).toEqual(["sendMessage", "sendMessage"]);
    expect(lines.some((l) => String(l.msg).includes("cannot be edited"))).toBe(true);
  });
});
