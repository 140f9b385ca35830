import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { toInboundMessage } from "../../../src/accounts/to-inbound.js";
import { toInlineQuery } from "../../../src/accounts/to-inline.js";
import { readKeptMessage } from "../../../src/policy/kept-message.js";

const bot = { id: 42, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };
const ru = { id: 7, is_bot: false, first_name: "Вера", language_code: "ru" };

describe("the asker's Telegram language_code reaches the pipeline", () => {
  it("on a message, a button tap and an inline query", () => {
    const message = {
      update_id: 1,
      message: { message_id: 2, date: 1, chat: { id: 7, type: "private" }, from: ru, text: "/help" },
    } as Update;
    expect(toInboundMessage(message, bot, "main")?.languageCode).toBe("ru");
    const tap = {
      update_id: 3,
      callback_query: {
        id: "9",
        from: { ...ru, language_code: "zh-hans" },
        chat_instance: "1",
        data: "c:AAAAAAAAAAAA:0",
        message: {
          message_id: 5,
          date: 1,
          chat: { id: 7, type: "private" },
          from: { id: 42, is_bot: true, first_name: "W" },
        },
      },
    } as Update;
    expect(toInboundMessage(tap, bot, "main")?.languageCode).toBe("zh-hans");
    const inline = {
      update_id: 4,
      inline_query: { id: "77", from: { ...ru, language_code: "de" }, query: "tar", offset: "" },
    } as Update;
    expect(toInlineQuery(inline, "main")?.languageCode).toBe("de");
  });

  it("is absent when Telegram sends none, and for a chat posting (a channel, an anonymous admin)", () => {
    const plain = {
      update_id: 1,
      message: {
        message_id: 2,
        date: 1,
        chat: { id: 7, type: "private" },
        from: { id: 7, is_bot: false, first_name: "A" },
        text: "hi",
      },
    } as Update;
    expect(toInboundMessage(plain, bot, "main")).not.toHaveProperty("languageCode");
    const anonymous = {
      update_id: 2,
      message: {
        message_id: 3,
        date: 1,
        chat: { id: -100, type: "supergroup", title: "T" },
        from: { id: 1087968824, is_bot: true, first_name: "Group", language_code: "en" },
        sender_chat: { id: -100, type: "supergroup", title: "T" },
        text: "@wiki_bot hi",
      },
    } as Update;
    expect(toInboundMessage(anonymous, bot, "main")).not.toHaveProperty("languageCode");
  });

  it("is kept with a pairing request's message, so the approval is answered in it", () => {
    const kept = {
      account: "main",
      updateId: 1,
      messageId: 2,
      chatId: 7,
      chatType: "private",
      senderId: 7,
      senderIsBot: false,
      text: "как сделать бэкап?",
      date: 1,
      mentionsBot: false,
      repliesToBot: false,
      args: "как сделать бэкап?",
      languageCode: "ru",
    };
    expect(readKeptMessage(kept, "7")).toMatchObject({ ok: true, message: { languageCode: "ru" } });
  });
});
