import { afterEach, describe, expect, it } from "vitest";
import {
  createTelegramSandbox,
  type TelegramSandbox,
} from "../../../../packages/sandbox/src/telegram/index.js";
import { callApi } from "./helpers.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A sandbox with one privacy bot (p) and one bot without privacy (n), two users, and a way to read updates. */
async function world() {
  sandbox = createTelegramSandbox();
  const apiRoot = await sandbox.listen();
  const p = sandbox.addBot({ username: "p_wiki_bot" });
  const n = sandbox.addBot({ username: "n_wiki_bot", privacy: false });
  const ada = sandbox.addUser({ firstName: "Ada", username: "ada" });
  const bob = sandbox.addUser({ firstName: "Bob" });
  const s = sandbox;
  const call = (token: string, method: string, params: Record<string, unknown> = {}) =>
    callApi(apiRoot, token, method, params);
  /** The updates a bot gets now (confirmed afterwards). */
  const updates = async (token: string): Promise<any[]> => {
    const got = (await call(token, "getUpdates", { timeout: 0 })).body.result as any[];
    if (got.length) await call(token, "getUpdates", { offset: got.at(-1).update_id + 1, timeout: 0 });
    return got;
  };
  return { s, p, n, ada, bob, call, updates };
}

describe("forum supergroups", () => {
  it("topics carry message_thread_id and is_topic_message; General carries neither; the topic's service message is the reply", async () => {
    const { s, p, n, ada, call, updates } = await world();
    const forum = s.addGroup({
      title: "Forum",
      forum: true,
      members: [ada.id],
      bots: [p.username, n.username],
    });
    const { threadId } = s.createTopic(forum.id, { name: "Support", by: p.username });
    const created = await updates(n.token);
    expect(created[0].message).toMatchObject({
      message_id: threadId,
      message_thread_id: threadId,
      is_topic_message: true,
      from: { id: p.id, is_bot: true },
      chat: { id: forum.id, type: "supergroup", is_forum: true },
      forum_topic_created: { name: "Support" },
    });
    expect(created[0].message.text).toBeUndefined();

    s.userSays({ from: ada.id, chat: forum.id, thread: threadId, text: "hello in the topic" });
    s.userSays({ from: ada.id, chat: forum.id, text: "hello in General" });
    s.userSays({ from: ada.id, chat: forum.id, thread: 1, text: "General again" });
    const got = (await updates(n.token)).map((u) => u.message);
    expect(got[0]).toMatchObject({
      message_thread_id: threadId,
      is_topic_message: true,
      text: "hello in the topic",
      reply_to_message: {
        message_id: threadId,
        from: { id: p.id },
        forum_topic_created: { name: "Support" },
      },
    });
    for (const general of got.slice(1)) {
      expect(general.message_thread_id).toBeUndefined();
      expect(general.is_topic_message).toBeUndefined();
    }
    // In a topic the bot created, a privacy bot sees every message: each "replies" to its service message.
    expect((await updates(p.token)).map((u) => u.message.text)).toEqual([undefined, "hello in the topic"]);

    const ok = await call(p.token, "sendMessage", {
      chat_id: forum.id,
      text: "answer",
      message_thread_id: threadId,
    });
    expect(ok.body.result).toMatchObject({ message_thread_id: threadId, is_topic_message: true });
    expect(s.sent().at(-1)!.threadId).toBe(threadId);
    for (const bad of [1, 999]) {
      const refused = await call(p.token, "sendMessage", {
        chat_id: forum.id,
        text: "x",
        message_thread_id: bad,
      });
      expect(refused.body).toMatchObject({
        ok: false,
        error_code: 400,
        description: "Bad Request: message thread not found",
      });
    }
    expect(
      (await call(p.token, "sendChatAction", { chat_id: forum.id, action: "typing", message_thread_id: 1 }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(p.token, "sendChatAction", {
          chat_id: forum.id,
          action: "typing",
          message_thread_id: threadId,
        })
      ).status,
    ).toBe(200);

    s.closeTopic(forum.id, threadId);
    const closed = await call(p.token, "sendMessage", {
      chat_id: forum.id,
      text: "x",
      message_thread_id: threadId,
    });
    expect(closed.body).toMatchObject({ error_code: 400, description: "Bad Request: TOPIC_CLOSED" });
    expect(() => s.userSays({ from: ada.id, chat: forum.id, thread: threadId, text: "x" })).toThrow(/closed/);
  });

  it("a reply chain in an ordinary supergroup carries the root's thread id without is_topic_message; sending with it is refused", async () => {
    const { s, n, ada, bob, call, updates } = await world();
    const group = s.addGroup({ title: "Team", members: [ada.id, bob.id], bots: [n.username] });
    const root = s.userSays({ from: ada.id, chat: group.id, text: "question" });
    const reply = s.userSays({ from: bob.id, chat: group.id, text: "me too", replyTo: root.messageId });
    s.userSays({ from: ada.id, chat: group.id, text: "deeper", replyTo: reply.messageId });
    const got = (await updates(n.token)).map((u) => u.message);
    expect(got[0].message_thread_id).toBeUndefined();
    expect(got[1]).toMatchObject({ message_thread_id: root.messageId });
    expect(got[2]).toMatchObject({ message_thread_id: root.messageId });
    expect(got[1].is_topic_message).toBeUndefined();
    const refused = await call(n.token, "sendMessage", {
      chat_id: group.id,
      text: "x",
      message_thread_id: root.messageId,
    });
    expect(refused.body.description).toBe("Bad Request: message thread not found");
  });
});

describe("senders that are not users", () => {
  it("anonymous admins write as GroupAnonymousBot with the group as sender_chat; members may post as a channel", async () => {
    const { s, n, ada, updates } = await world();
    const group = s.addGroup({ title: "Team", members: [ada.id], bots: [n.username] });
    const channel = s.addChannel({ title: "News" });
    s.userSays({ from: ada.id, chat: group.id, text: "from the admins", as: "anonymous-admin" });
    s.userSays({ from: ada.id, chat: group.id, text: "from the channel", as: { channel: channel.id } });
    const [anon, asChannel] = (await updates(n.token)).map((u) => u.message);
    expect(anon).toMatchObject({
      from: { id: 1087968824, is_bot: true, username: "GroupAnonymousBot" },
      sender_chat: { id: group.id, type: "supergroup" },
    });
    expect(asChannel).toMatchObject({
      from: { id: 136817688, is_bot: true },
      sender_chat: { id: channel.id, type: "channel", title: "News" },
    });
  });

  it("a channel post reaches the channel's bots and is forwarded automatically into its discussion group", async () => {
    const { s, p, n, ada, updates } = await world();
    const discussion = s.addGroup({ title: "Talk", members: [ada.id], bots: [n.username, p.username] });
    const channel = s.addChannel({ title: "News", discussionGroup: discussion.id, bots: [n.username] });
    const posted = s.channelPost(channel.id, "release notes for @p_wiki_bot");
    const got = await updates(n.token);
    expect(got[0].channel_post).toMatchObject({
      message_id: posted.messageId,
      chat: { id: channel.id, type: "channel" },
      sender_chat: { id: channel.id },
      text: "release notes for @p_wiki_bot",
    });
    expect(got[0].channel_post.from).toBeUndefined();
    expect(got[1].message).toMatchObject({
      message_id: posted.forwardedId,
      chat: { id: discussion.id },
      from: { id: 777000, is_bot: false },
      sender_chat: { id: channel.id, type: "channel" },
      is_automatic_forward: true,
      forward_origin: { type: "channel", message_id: posted.messageId },
    });
    // The privacy bot sees the forward only because it is mentioned there.
    expect((await updates(p.token)).map((u) => Object.keys(u)[1])).toEqual(["message"]);
  });
});

describe("media", () => {
  it("photo, voice and document carry their text as caption; stickers and locations carry none", async () => {
    const { s, n, ada, updates } = await world();
    for (const media of ["photo", "voice", "document"] as const) {
      s.userSays({ from: ada.id, chat: { bot: n.username }, media, text: `a ${media} @n_wiki_bot` });
    }
    s.userSays({ from: ada.id, chat: { bot: n.username }, media: "sticker" });
    s.userSays({ from: ada.id, chat: { bot: n.username }, media: "location" });
    s.userSays({ from: ada.id, chat: { bot: n.username }, media: "photo" });
    const got = (await updates(n.token)).map((u) => u.message);
    expect(got[0]).toMatchObject({ caption: "a photo @n_wiki_bot", photo: [{ width: 1280 }] });
    expect(got[0].caption_entities).toEqual([{ type: "mention", offset: 8, length: 11 }]);
    expect(got[0].text).toBeUndefined();
    expect(got[1]).toMatchObject({ caption: "a voice @n_wiki_bot", voice: { mime_type: "audio/ogg" } });
    expect(got[2]).toMatchObject({ document: { file_name: "notes.pdf" } });
    expect(got[3].sticker).toMatchObject({ emoji: "🙂" });
    expect(got[4].location).toMatchObject({ latitude: 52.52 });
    expect(got[5].caption).toBeUndefined();
    for (const m of got.slice(3)) expect(m.text).toBeUndefined();
    expect(() =>
      s.userSays({ from: ada.id, chat: { bot: n.username }, media: "sticker", text: "x" }),
    ).toThrow(/no caption/);
    expect(() => s.userSays({ from: ada.id, chat: { bot: n.username }, text: "" })).toThrow(/non-empty/);
  });
});

describe("group upgrades", () => {
  it("service messages in both chats, the old id answers 400 with migrate_to_chat_id (also through the control route)", async () => {
    const { s, n, ada, call, updates } = await world();
    const basic = s.addGroup({ title: "Old", type: "group", members: [ada.id], bots: [n.username] });
    const res = await fetch(`${s.apiRoot}/__sandbox/upgrade`, {
      method: "POST",
      body: JSON.stringify({ chat: basic.id }),
    });
    const created = (await res.json()) as { id: number };
    expect(String(created.id)).toMatch(/^-100/);
    const [to, from] = (await updates(n.token)).map((u) => u.message);
    expect(to).toMatchObject({ chat: { id: basic.id, type: "group" }, migrate_to_chat_id: created.id });
    expect(from).toMatchObject({
      chat: { id: created.id, type: "supergroup" },
      migrate_from_chat_id: basic.id,
    });
    const refused = await call(n.token, "sendMessage", { chat_id: basic.id, text: "x" });
    expect(refused.body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: created.id },
    });
  });
});

describe("allowed_updates", () => {
  it("applies to injected updates too (unless bypassed), as Telegram would never deliver them", async () => {
    const { s, n, ada, call } = await world();
    s.userSays({ from: ada.id, chat: { bot: n.username }, text: "hi" });
    await call(n.token, "getUpdates", { timeout: 0, allowed_updates: ["message"] });
    const edit = {
      edited_message: {
        message_id: 1,
        date: 1,
        edit_date: 2,
        chat: { id: ada.id, type: "private" },
        text: "x",
      },
    };
    expect(s.injectUpdate(n.username, edit)).toBeUndefined();
    expect(s.injectUpdate(n.username, edit, { bypassAllowedUpdates: true })).toEqual(expect.any(Number));
    const res = await fetch(`${s.apiRoot}/__sandbox/inject`, {
      method: "POST",
      body: JSON.stringify({ bot: n.username, update: edit }),
    });
    expect(await res.json()).toEqual({ update_id: null });
  });
});

describe("control routes", () => {
  it("create forums, topics, channels and posts, and say with thread, media and as", async () => {
    const { s, n, ada, updates } = await world();
    const post = async (route: string, body: unknown) =>
      (
        await fetch(`${s.apiRoot}/__sandbox/${route}`, { method: "POST", body: JSON.stringify(body) })
      ).json() as Promise<any>;
    const forum = await post("groups", { title: "F", forum: true, members: [ada.id], bots: [n.username] });
    expect(forum).toMatchObject({ isForum: true });
    const topic = await post("topics", { chat: forum.id, name: "Help" });
    await post("say", { from: ada.id, chat: forum.id, thread: topic.threadId, media: "photo", text: "cap" });
    await post("say", { from: ada.id, chat: forum.id, text: "anon", as: "anonymous-admin" });
    const channel = await post("channels", { title: "C", discussionGroup: forum.id });
    const posted = await post("posts", { channel: channel.id, text: "news" });
    expect(posted.forwardedId).toEqual(expect.any(Number));
    expect(await post("topics/close", { chat: forum.id, thread: topic.threadId })).toEqual({ ok: true });
    const got = (await updates(n.token)).map((u) => u.message);
    expect(got.map((m) => [m.caption ?? m.text, m.message_thread_id])).toEqual([
      [undefined, topic.threadId],
      ["cap", topic.threadId],
      ["anon", undefined],
      ["news", undefined],
      [undefined, topic.threadId],
    ]);
    expect(got.at(-1).forum_topic_closed).toEqual({});
    const bad = await fetch(`${s.apiRoot}/__sandbox/say`, {
      method: "POST",
      body: JSON.stringify({ from: ada.id, chat: forum.id, text: "x", as: "someone" }),
    });
    expect(bad.status).toBe(400);
  });
});

describe("my_chat_member", () => {
  it("on block, unblock, removal and addition; a removed bot's sends answer 403 kicked", async () => {
    const { s, n, ada, call, updates } = await world();
    const group = s.addGroup({ title: "Team", members: [ada.id], bots: [n.username] });
    s.userSays({ from: ada.id, chat: { bot: n.username }, text: "hi" });
    await updates(n.token);
    s.faults.blockBot(n.username, ada.id);
    s.faults.blockBot(n.username, ada.id);
    s.faults.blockBot(n.username, ada.id, false);
    s.setBotMembership(group.id, n.username, "kicked");
    const refused = await call(n.token, "sendMessage", { chat_id: group.id, text: "x" });
    expect(refused.body).toMatchObject({
      error_code: 403,
      description: "Forbidden: bot was kicked from the supergroup chat",
    });
    s.setBotMembership(group.id, n.username, "member");
    const got = (await updates(n.token)).map((u) => u.my_chat_member);
    expect(got.map((m) => [m.chat.id, m.old_chat_member.status, m.new_chat_member.status])).toEqual([
      [ada.id, "member", "kicked"],
      [ada.id, "kicked", "member"],
      [group.id, "member", "kicked"],
      [group.id, "kicked", "member"],
    ]);
    expect(got[0]).toMatchObject({
      from: { id: ada.id },
      chat: { type: "private" },
      new_chat_member: { user: { id: n.id, is_bot: true } },
    });
    expect((await call(n.token, "sendMessage", { chat_id: group.id, text: "back" })).status).toBe(200);
  });
});
