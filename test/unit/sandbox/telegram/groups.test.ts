import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTelegramSandbox,
  type TelegramSandbox,
} from "../../../../packages/sandbox/src/telegram/index.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A group with two privacy bots (p, q) and one without privacy (n); grammY clients for each. */
async function world(type: "group" | "supergroup" = "supergroup") {
  sandbox = createTelegramSandbox();
  const apiRoot = await sandbox.listen();
  const p = sandbox.addBot({ username: "p_wiki_bot" });
  const q = sandbox.addBot({ username: "q_wiki_bot" });
  const n = sandbox.addBot({ username: "n_wiki_bot", privacy: false });
  const ada = sandbox.addUser({ firstName: "Ada", username: "ada" });
  const bob = sandbox.addUser({ firstName: "Bob" });
  const group = sandbox.addGroup({
    title: "Team",
    type,
    members: [ada.id, bob.id],
    bots: [p.username, q.username, n.username],
  });
  const api = (token: string) => new Bot(token, { client: { apiRoot } }).api;
  const apis = { p: api(p.token), q: api(q.token), n: api(n.token) };
  /** Texts each bot receives (and confirms) now. */
  const drain = async () => {
    const out: Record<string, string[]> = {};
    for (const [name, a] of Object.entries(apis)) {
      const updates = await a.getUpdates({ timeout: 0 });
      if (updates.length) await a.getUpdates({ offset: updates.at(-1)!.update_id + 1, timeout: 0 });
      out[name] = updates.map((u) => u.message?.text ?? "?");
    }
    return out;
  };
  return { s: sandbox, apis, p, q, n, ada, bob, group, drain };
}

describe("group delivery and privacy mode", () => {
  it("privacy bots get commands, mentions and replies to themselves; the non-privacy bot gets everything", async () => {
    const { s, apis, ada, group, drain } = await world();
    const say = (text: string, replyTo?: number) =>
      s.userSays({ from: ada.id, chat: group.id, text, ...(replyTo ? { replyTo } : {}) });

    expect(say("hello everyone").deliveredTo).toEqual(["n_wiki_bot"]);
    expect(say("@p_wiki_bot what is up").deliveredTo.sort()).toEqual(["n_wiki_bot", "p_wiki_bot"]);
    expect(say("/help").deliveredTo.sort()).toEqual(["n_wiki_bot", "p_wiki_bot", "q_wiki_bot"]);
    expect(say("/help@q_wiki_bot").deliveredTo.sort()).toEqual(["n_wiki_bot", "q_wiki_bot"]);
    expect(say("mail @somebody_else").deliveredTo).toEqual(["n_wiki_bot"]);
    expect(await drain()).toEqual({
      p: ["@p_wiki_bot what is up", "/help"],
      q: ["/help", "/help@q_wiki_bot"],
      n: ["hello everyone", "@p_wiki_bot what is up", "/help", "/help@q_wiki_bot", "mail @somebody_else"],
    });

    // Bots never see other bots' messages, but a user's reply to a bot's message reaches that bot.
    const own = await apis.p.sendMessage(group.id, "I am p");
    await apis.n.sendMessage(group.id, "I am n");
    expect(await drain()).toEqual({ p: [], q: [], n: [] });
    const reply = say("thanks p", own.message_id);
    expect(reply.deliveredTo.sort()).toEqual(["n_wiki_bot", "p_wiki_bot"]);
    const [update] = await apis.p.getUpdates({ timeout: 0 });
    expect(update!.message!.reply_to_message).toMatchObject({
      message_id: own.message_id,
      from: { id: s.state().bots[0]!.id, is_bot: true, username: "p_wiki_bot" },
      text: "I am p",
    });
  });

  it("a text_mention of a privacy bot reaches it; text_mentions of users carry the user", async () => {
    const { s, ada, bob, p, group, drain } = await world();
    const said = s.userSays({
      from: ada.id,
      chat: group.id,
      text: "ask Bob or P please",
      textMentions: [
        { userId: bob.id, text: "Bob" },
        { userId: p.id, text: "P" },
      ],
    });
    expect(said.deliveredTo.sort()).toEqual(["n_wiki_bot", "p_wiki_bot"]);
    await drain();
    expect(() =>
      s.userSays({
        from: ada.id,
        chat: group.id,
        text: "x",
        textMentions: [{ userId: bob.id, text: "Zed" }],
      }),
    ).toThrow(/does not occur/);
  });

  it("message ids are shared in supergroups and counted per bot in basic groups", async () => {
    const shared = await world("supergroup");
    const m1 = shared.s.userSays({ from: shared.ada.id, chat: shared.group.id, text: "/a" });
    const sentByP = await shared.apis.p.sendMessage(shared.group.id, "p says");
    const sentByQ = await shared.apis.q.sendMessage(shared.group.id, "q says");
    expect([m1.messageId, sentByP.message_id, sentByQ.message_id]).toEqual([1, 2, 3]);
    await sandbox!.close();

    const basic = await world("group");
    const b1 = basic.s.userSays({ from: basic.ada.id, chat: basic.group.id, text: "/a" });
    const pSends = await basic.apis.p.sendMessage(basic.group.id, "p says");
    const qSends = await basic.apis.q.sendMessage(basic.group.id, "q says");
    // p saw /a as its message 1 and numbers its own message 2; q likewise.
    const pUpdates = await basic.apis.p.getUpdates({ timeout: 0 });
    expect(pUpdates[0]!.message!.message_id).toBe(1);
    expect([pSends.message_id, qSends.message_id]).toEqual([2, 2]);
    expect(pSends.chat).toMatchObject({ id: basic.group.id, type: "group", title: "Team" });
    // Users see their own numbering; the sent log gives it as chatMessageId, and replies use it.
    const [pLog, qLog] = basic.s.sent();
    expect([b1.messageId, pLog!.chatMessageId, qLog!.chatMessageId]).toEqual([1, 2, 3]);
    const reply = basic.s.userSays({
      from: basic.ada.id,
      chat: basic.group.id,
      text: "to q",
      replyTo: qLog!.chatMessageId!,
    });
    expect(reply.deliveredTo.sort()).toEqual(["n_wiki_bot", "q_wiki_bot"]);
    const qUpdates = await basic.apis.q.getUpdates({ timeout: 0 });
    expect(qUpdates.at(-1)!.message!.reply_to_message!.message_id).toBe(2);
  });

  it("a private message reaches only that bot; chat id is the user id", async () => {
    const { s, apis, ada, drain } = await world();
    const said = s.userSays({ from: ada.id, chat: { bot: "q_wiki_bot" }, text: "just q" });
    expect(said).toEqual({ messageId: 1, chatId: ada.id, deliveredTo: ["q_wiki_bot"] });
    const [update] = await apis.q.getUpdates({ timeout: 0 });
    expect(update!.message!.chat).toEqual({
      id: ada.id,
      type: "private",
      first_name: "Ada",
      username: "ada",
    });
    expect(await drain()).toEqual({ p: [], q: ["just q"], n: [] });
  });
});

describe("entities of users' messages", () => {
  it("offsets and lengths are UTF-16 code units (emoji count twice)", async () => {
    const { s, apis, ada, bob, group } = await world();
    const text = "😀👍🏽 @p_wiki_bot /start@p_wiki_bot see https://wiki.example/a?b=1. #ops ask Bob";
    s.userSays({ from: ada.id, chat: group.id, text, textMentions: [{ userId: bob.id, text: "Bob" }] });
    const [update] = await apis.p.getUpdates({ timeout: 0 });
    const message = update!.message!;
    const spans = message.entities!.map((e) => [e.type, message.text!.slice(e.offset, e.offset + e.length)]);
    expect(spans).toEqual([
      ["mention", "@p_wiki_bot"],
      ["bot_command", "/start@p_wiki_bot"],
      ["url", "https://wiki.example/a?b=1"],
      ["hashtag", "#ops"],
      ["text_mention", "Bob"],
    ]);
    expect(message.entities![0]).toEqual({ type: "mention", offset: 7, length: 11 });
    expect(message.entities!.at(-1)).toMatchObject({
      type: "text_mention",
      user: { id: bob.id, first_name: "Bob" },
    });
  });

  it("entities of bots' HTML are UTF-16 too", async () => {
    const { s, apis, ada } = await world();
    s.userSays({ from: ada.id, chat: { bot: "p_wiki_bot" }, text: "hi" });
    const sent = await apis.p.sendMessage(ada.id, '🚀 <b>go</b> <a href="https://x.example">link</a>', {
      parse_mode: "HTML",
    });
    expect(sent.entities).toEqual([
      { type: "bold", offset: 3, length: 2 },
      { type: "text_link", offset: 6, length: 4, url: "https://x.example" },
    ]);
  });
});
