import { describe, expect, it } from "vitest";
import { toInboundMessage } from "../../../src/accounts/to-inbound.js";
import { isUpdate } from "../../../src/accounts/journal/update-shape.js";

const bot = { id: 42, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };
const forum = { id: -1001, type: "supergroup", title: "Forum", is_forum: true };
const team = { id: -1002, type: "supergroup", title: "Team" };
const ada = { id: 7, is_bot: false, first_name: "Ada" };
const bob = { id: 8, is_bot: false, first_name: "Bob" };
const topicCreatedByBot = {
  message_id: 5,
  message_thread_id: 5,
  is_topic_message: true,
  from: { id: 42, is_bot: true, first_name: "Wiki", username: "wiki_bot" },
  chat: forum,
  date: 1,
  forum_topic_created: { name: "Support", icon_color: 7322096 },
};
const reduce = (message: Record<string, unknown>) => {
  const update: unknown = { update_id: 1, message: { message_id: 9, date: 1, ...message } };
  if (!isUpdate(update)) throw new Error("test input lacks an update_id");
  return toInboundMessage(update, bot, "main")!;
};

/** Updates shaped as Telegram sends them, and what the gateway reads from each. */
const cases: Array<{
  name: string;
  message: Record<string, unknown>;
  expected: Record<string, unknown>;
  absent?: string[];
}> = [
  {
    name: "a message in a topic the bot created is not a reply to the bot, and keeps its thread",
    message: {
      chat: forum,
      from: ada,
      text: "hello",
      message_thread_id: 5,
      is_topic_message: true,
      reply_to_message: topicCreatedByBot,
    },
    expected: { repliesToBot: false, threadId: 5 },
    absent: ["repliedText"],
  },
  {
    name: "a real reply to the bot inside a topic",
    message: {
      chat: forum,
      from: ada,
      text: "and then?",
      message_thread_id: 5,
      is_topic_message: true,
      reply_to_message: {
        message_id: 6,
        from: { id: 42, is_bot: true, first_name: "Wiki" },
        chat: forum,
        date: 1,
        text: "answer",
      },
    },
    expected: { repliesToBot: true, threadId: 5 },
  },
  {
    name: "a General topic message carries no thread",
    message: {
      chat: forum,
      from: ada,
      text: "hi @wiki_bot",
      entities: [{ type: "mention", offset: 3, length: 9 }],
    },
    expected: { mentionsBot: true, forum: true },
    absent: ["threadId"],
  },
  {
    name: "message_thread_id 1 is never taken back",
    message: { chat: forum, from: ada, text: "x", message_thread_id: 1, is_topic_message: true },
    expected: {},
    absent: ["threadId"],
  },
  {
    name: "a reply chain in an ordinary supergroup has no topic",
    message: {
      chat: team,
      from: ada,
      text: "x",
      message_thread_id: 3,
      reply_to_message: { message_id: 3, from: bob, chat: team, date: 1, text: "how do backups work?" },
    },
    expected: { repliedText: "how do backups work?" },
    absent: ["threadId", "forum"],
  },
  {
    name: "the topic's service message itself",
    message: { ...topicCreatedByBot, message_id: 5 },
    expected: { content: "service", contentKind: "forum_topic_created", repliesToBot: false },
  },
  {
    name: "group upgrade, old chat",
    message: { chat: { id: -2222, type: "group", title: "Old" }, from: ada, migrate_to_chat_id: -1002222 },
    expected: { content: "service", migrateToChatId: -1002222 },
  },
  {
    name: "group upgrade, new chat",
    message: {
      chat: { id: -1002222, type: "supergroup", title: "Old" },
      from: ada,
      migrate_from_chat_id: -2222,
    },
    expected: { content: "service", migrateFromChatId: -2222 },
  },
  {
    name: "automatic forward of a channel post (replying to the bot's message does not count)",
    message: {
      chat: team,
      from: { id: 777000, is_bot: false, first_name: "Telegram" },
      sender_chat: { id: -100555, type: "channel", title: "News" },
      is_automatic_forward: true,
      text: "release notes",
      reply_to_message: {
        message_id: 2,
        from: { id: 42, is_bot: true, first_name: "Wiki" },
        chat: team,
        date: 1,
        text: "x",
      },
    },
    expected: { automaticForward: true, senderChatId: -100555, repliesToBot: false },
    absent: ["senderId"],
  },
  {
    name: "anonymous admin",
    message: {
      chat: team,
      from: { id: 1087968824, is_bot: true, first_name: "Group", username: "GroupAnonymousBot" },
      sender_chat: team,
      text: "@wiki_bot hi",
    },
    expected: { anonymousAdmin: true, senderChatId: -1002, senderIsBot: true, mentionsBot: true },
    absent: ["senderId"],
  },
  {
    name: "a member posting as a channel",
    message: {
      chat: team,
      from: { id: 136817688, is_bot: true, first_name: "Channel" },
      sender_chat: { id: -100555, type: "channel" },
      text: "x",
    },
    expected: { senderChatId: -100555 },
    absent: ["senderId", "anonymousAdmin"],
  },
  {
    name: "/search@other_bot",
    message: {
      chat: team,
      from: ada,
      text: "/search@other_bot tar",
      entities: [{ type: "bot_command", offset: 0, length: 17 }],
    },
    expected: { commandForOtherBot: true },
    absent: ["command"],
  },
  {
    name: "captioned photo",
    message: {
      chat: team,
      from: ada,
      photo: [{ file_id: "f", file_unique_id: "u", width: 1, height: 1 }],
      caption: "@wiki_bot what is this?",
      caption_entities: [{ type: "mention", offset: 0, length: 9 }],
    },
    expected: {
      content: "caption",
      contentKind: "photo",
      text: "@wiki_bot what is this?",
      args: "what is this?",
      mentionsBot: true,
    },
  },
  {
    name: "sticker",
    message: {
      chat: { id: 7, type: "private" },
      from: ada,
      sticker: {
        file_id: "f",
        file_unique_id: "u",
        type: "regular",
        width: 512,
        height: 512,
        is_animated: false,
        is_video: false,
      },
    },
    expected: { content: "media", contentKind: "sticker", text: "" },
  },
  {
    name: "voice without caption",
    message: {
      chat: { id: 7, type: "private" },
      from: ada,
      voice: { file_id: "f", file_unique_id: "u", duration: 2 },
    },
    expected: { content: "media", contentKind: "voice" },
  },
];

describe("toInboundMessage with real Telegram shapes", () => {
  it.each(cases)("$name", ({ message, expected, absent }) => {
    const msg = reduce(message);
    expect(msg).toMatchObject(expected);
    for (const key of absent ?? []) expect(msg).not.toHaveProperty(key);
  });

  it("a plain text message has no content marker and no replied text", () => {
    const msg = reduce({ chat: team, from: ada, text: "hello" });
    expect(msg.content).toBeUndefined();
    expect(msg.repliedText).toBeUndefined();
  });
});
