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

/**
 * A sandbox bot in a forum (one topic), an ordinary supergroup and a basic group, and a replier
 * factory. The replier alone sends without pacing or retries: the sandbox keeps no flood limits here.
 */
async function world() {
  sandbox = createTelegramSandbox({ flood: null });
  const apiRoot = await sandbox.listen();
  const bot = sandbox.addBot({ username: "wiki_bot" });
  const ada = sandbox.addUser({ firstName: "Ada" });
  const forum = sandbox.addGroup({ title: "F", forum: true, members: [ada.id], bots: [bot.username] });
  const basic = sandbox.addGroup({ title: "B", type: "group", members: [ada.id], bots: [bot.username] });
  const { threadId } = sandbox.createTopic(forum.id, { name: "Help", by: ada.id });
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({
    level: "info",
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const api = new Bot(bot.token, { client: { apiRoot } }).api;
  const migrated: Array<[number, number]> = [];
  const replier = (target: { chatId: number; messageId?: number; threadId?: number }) =>
    createReplier(
      {
        api,
        journal: {} as Journal,
        log,
        toPlain: (html) => html,
        onMigrated: (from, to) => migrated.push([from, to]),
      },
      target,
    );
  return { s: sandbox, bot, ada, forum, basic, threadId, replier, lines, migrated };
}

describe("replies land where the question was", () => {
  it("in the question's topic, with the typing indicator there too", async () => {
    const { s, forum, threadId, replier } = await world();
    const r = replier({ chatId: forum.id, threadId });
    const stop = r.typing();
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop();
    await r.send(["one", "two"]);
    expect(s.sent({ chatId: forum.id }).map((m) => m.threadId)).toEqual([threadId, threadId]);
    const action = s.calls({ method: "sendChatAction" })[0]!;
    expect(action).toMatchObject({
      status: 200,
      params: expect.objectContaining({ message_thread_id: threadId }),
    });
  });

  it("a closed topic: the reply is dropped, never posted in General, with one warn line naming chat and topic", async () => {
    const { s, ada, forum, threadId, replier, lines } = await world();
    const q = s.userSays({ from: ada.id, chat: forum.id, thread: threadId, text: "q" });
    s.closeTopic(forum.id, threadId);
    const sent = await replier({ chatId: forum.id, threadId, messageId: q.messageId }).send([
      "answer",
      "more",
    ]);
    expect(sent).toBeUndefined();
    expect(s.sent({ chatId: forum.id })).toEqual([]);
    expect(s.calls({ method: "sendMessage" }).map((c) => c.status)).toEqual([400]);
    const warned = lines.filter((l) => /reply is dropped, not posted in General/.test(String(l.msg)));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      level: 40,
      chatId: forum.id,
      threadId,
      reason: expect.stringMatching(/TOPIC_CLOSED/),
    });
  });

  it("a deleted topic (message thread not found): dropped too", async () => {
    const { s, forum, replier, lines } = await world();
    const gone = 4242;
    expect(
      await replier({ chatId: forum.id, threadId: gone, messageId: 1 }).send(["answer"]),
    ).toBeUndefined();
    expect(s.sent({ chatId: forum.id })).toEqual([]);
    const warned = lines.filter((l) => /reply is dropped/.test(String(l.msg)));
    expect(warned).toEqual([expect.objectContaining({ chatId: forum.id, threadId: gone })]);
  });

  it("a missing reply target: once more in the same topic, not as a reply, with a warn line", async () => {
    const { s, bot, ada, forum, threadId, replier, lines } = await world();
    const q = s.userSays({ from: ada.id, chat: forum.id, thread: threadId, text: "q" });
    s.faults.failNext(bot.username, "sendMessage", {
      code: 400,
      description: "Bad Request: message to be replied not found",
    });
    await replier({ chatId: forum.id, threadId, messageId: q.messageId }).send(["answer", "more"]);
    expect(s.sent({ chatId: forum.id }).map((m) => [m.text, m.threadId])).toEqual([
      ["answer", threadId],
      ["more", threadId],
    ]);
    const retried = s.calls({ method: "sendMessage" })[1]!;
    expect(retried.params).not.toHaveProperty("reply_parameters");
    expect(lines.filter((l) => /not as a reply/.test(String(l.msg)))).toHaveLength(1);
  });

  it("an upgraded group: once more to the new id, reported once, later chunks go there directly", async () => {
    const { s, basic, replier, migrated } = await world();
    const created = s.upgradeGroup(basic.id);
    await replier({ chatId: basic.id, messageId: 1 }).send(["answer", "more"]);
    expect(migrated).toEqual([[basic.id, created.id]]);
    expect(s.sent({ chatId: created.id }).map((m) => m.text)).toEqual(["answer", "more"]);
    expect(s.calls({ method: "sendMessage" }).map((c) => c.status)).toEqual([400, 200, 200]);
  });

  it("other 400s still fail", async () => {
    const { forum, replier } = await world();
    await expect(replier({ chatId: forum.id }).send([""])).rejects.toThrow(/text is empty/);
  });
});
