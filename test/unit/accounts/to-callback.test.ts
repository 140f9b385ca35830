import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toInboundMessage as reduce } from "../../../src/accounts/to-inbound.js";
import { isUpdate } from "../../../src/accounts/journal/update-shape.js";
import type { BotIdentity } from "../../../src/core/inbound-message.js";

/** The inputs here are partial or malformed on purpose: only the envelope is promised. */
const toInboundMessage = (update: unknown, identity: BotIdentity) => {
  if (!isUpdate(update)) throw new Error("test input lacks an update_id");
  return reduce(update, identity, "default");
};

const bot = { id: 42, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };
const tap = (message: Record<string, unknown>, data: unknown = "c:AAAAAAAAAAAA:0") => ({
  update_id: 11,
  callback_query: {
    id: "4242",
    from: { id: 7, is_bot: false, first_name: "Ada", username: "ada" },
    message,
    chat_instance: "1",
    data,
  },
});
const botMessage = {
  message_id: 5,
  date: 1,
  chat: { id: -1001, type: "supergroup", title: "Team" },
  from: { id: 42, is_bot: true, first_name: "Wiki", username: "wiki_bot" },
  text: "Closest pages in the wiki:",
};

describe("a button tap as an inbound message", () => {
  it("is the tapping user in the tapped message's chat, addressed to the bot", () => {
    expect(toInboundMessage(tap(botMessage), bot)).toEqual({
      account: "default",
      updateId: 11,
      messageId: 5,
      chatId: -1001,
      chatType: "supergroup",
      chatTitle: "Team",
      senderId: 7,
      senderUsername: "ada",
      senderName: "Ada",
      senderIsBot: false,
      text: "",
      date: 1,
      mentionsBot: false,
      repliesToBot: true,
      args: "",
      callback: { id: "4242", data: "c:AAAAAAAAAAAA:0" },
    });
  });

  it("keeps a forum topic's thread id, never General's or a reply chain's", () => {
    const forum = { id: -1001, type: "supergroup", title: "Forum", is_forum: true };
    const inTopic = { ...botMessage, chat: forum, message_thread_id: 7, is_topic_message: true };
    expect(toInboundMessage(tap(inTopic), bot)).toMatchObject({ threadId: 7, forum: true });
    const general = { ...botMessage, chat: forum, message_thread_id: 1, is_topic_message: true };
    expect(toInboundMessage(tap(general), bot)).not.toHaveProperty("threadId");
    expect(toInboundMessage(tap({ ...botMessage, chat: forum }), bot)).toMatchObject({ forum: true });
    // A bot's reply in an ordinary supergroup carries its chain's root, which is not a topic.
    const chain = { ...botMessage, message_thread_id: 3 };
    const msg = toInboundMessage(tap(chain), bot);
    expect(msg).not.toHaveProperty("threadId");
    expect(msg).not.toHaveProperty("forum");
  });

  it("is nothing on another sender's message, without data, or without a message", () => {
    expect(toInboundMessage(tap({ ...botMessage, from: { id: 9, is_bot: false } }), bot)).toBeUndefined();
    expect(toInboundMessage(tap(botMessage, 5), bot)).toBeUndefined();
    expect(toInboundMessage({ update_id: 1, callback_query: { id: "1", data: "x" } }, bot)).toBeUndefined();
    // Telegram's InaccessibleMessage (older than 48 hours): no sender to check (answered as expired).
    const inaccessible = { chat: botMessage.chat, message_id: 5, date: 0 };
    expect(toInboundMessage(tap(inaccessible), bot)).toBeUndefined();
  });

  it("never throws, whatever the query holds", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (message, data) => {
        const msg = toInboundMessage({ update_id: 1, callback_query: { id: "1", message, data } }, bot);
        expect(msg === undefined || msg.callback?.id === "1").toBe(true);
      }),
    );
  });
});
