import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toInboundMessage as reduce } from "../../../src/accounts/to-inbound.js";
import type { BotIdentity } from "../../../src/core/inbound-message.js";
import { isUpdate } from "../../../src/accounts/journal/update-shape.js";

/** The inputs here are partial or malformed on purpose: only the envelope is promised. */
const toInboundMessage = (update: unknown, identity: BotIdentity, account: string) => {
  if (!isUpdate(update)) throw new Error("test input lacks an update_id");
  return reduce(update, identity, account);
};

const bot = { id: 42, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };

describe("toInboundMessage", () => {
  it("reduces a group message that mentions the bot", () => {
    const msg = toInboundMessage(
      {
        update_id: 9,
        message: {
          message_id: 5,
          date: 1,
          chat: { id: -1001, type: "supergroup", title: "Team" },
          from: { id: 7, is_bot: false, first_name: "Ada", username: "ada" },
          text: "@wiki_bot how do backups work?",
          entities: [{ type: "mention", offset: 0, length: 9 }],
        },
      },
      bot,
      "default",
    );
    expect(msg).toMatchObject({
      account: "default",
      updateId: 9,
      messageId: 5,
      chatId: -1001,
      chatType: "supergroup",
      chatTitle: "Team",
      senderId: 7,
      senderUsername: "ada",
      senderIsBot: false,
      mentionsBot: true,
      repliesToBot: false,
      args: "how do backups work?",
    });
  });

  it("sees a reply to the bot and a command addressed to it", () => {
    const msg = toInboundMessage(
      {
        update_id: 1,
        message: {
          message_id: 2,
          chat: { id: 7, type: "private" },
          from: { id: 7 },
          text: "/search@wiki_bot tar",
          entities: [{ type: "bot_command", offset: 0, length: 16 }],
          reply_to_message: { from: { id: 42 } },
        },
      },
      bot,
      "a",
    );
    expect(msg?.command).toBe("search");
    expect(msg?.args).toBe("tar");
    expect(msg?.repliesToBot).toBe(true);
  });

  it("marks channel posts as such and gives them no sender", () => {
    const msg = toInboundMessage(
      { update_id: 1, channel_post: { message_id: 1, chat: { id: -100, type: "channel" }, text: "hi" } },
      bot,
      "a",
    );
    expect(msg?.chatType).toBe("channel");
    expect(msg?.senderId).toBeUndefined();
  });

  it("reads an edited message as the same message with its edit date", () => {
    const msg = toInboundMessage(
      {
        update_id: 9,
        edited_message: {
          message_id: 7,
          date: 100,
          edit_date: 160,
          chat: { id: -100, type: "supergroup", title: "g" },
          from: { id: 5, is_bot: false, first_name: "A" },
          text: "@wiki_bot tar",
          entities: [{ type: "mention", offset: 0, length: 9 }],
        },
      },
      bot,
      "a",
    );
    expect(msg).toMatchObject({ messageId: 7, date: 100, editDate: 160, senderId: 5, args: "tar" });
    expect(msg?.mentionsBot).toBe(true);
  });

  it("ignores malformed edits and unknown update kinds", () => {
    expect(toInboundMessage({ update_id: 1, edited_message: { text: "x" } }, bot, "a")).toBeUndefined();
    expect(toInboundMessage({ update_id: 1, poll: {} }, bot, "a")).toBeUndefined();
    expect(
      toInboundMessage({ update_id: 1, message: { chat: { id: "x", type: "private" } } }, bot, "a"),
    ).toBeUndefined();
  });

  it("never throws, whatever the update holds", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.anything(), (message, extra) => {
        toInboundMessage({ update_id: 1, message, extra } as Record<string, unknown>, bot, "a");
        toInboundMessage(
          {
            update_id: 2,
            message: { chat: { id: 1, type: "private" }, text: message, entities: extra, from: extra },
          } as Record<string, unknown>,
          bot,
          "a",
        );
      }),
      { numRuns: 2000 },
    );
  });
});
