import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
let clock = 1_000_000;
/** A sandbox on a clock the test moves, whose user opened the private chat with the bot. */
const start = async () => {
  clock = 1_000_000;
  current = await startSandbox({ now: () => clock });
  current.sandbox.userSays({ from: current.user.id, chat: { bot: current.bot.username }, text: "/start" });
  return current;
};
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

describe("sendMessageDraft and the stop button (Bot API 9.5, 10.3)", () => {
  it("streams to a private chat: empty text is Thinking…, text is parsed, drafts are recorded in order and are no messages", async () => {
    const { sandbox, call, user, bot } = await start();
    expect((await call("sendMessageDraft", { chat_id: user.id, draft_id: 5 })).body).toEqual({
      ok: true,
      result: true,
    });
    await call("sendMessageDraft", {
      chat_id: user.id,
      draft_id: 5,
      text: "<b>Run</b> restore",
      parse_mode: "HTML",
      can_stop: true,
    });
    expect(sandbox.drafts({ chatId: user.id }).map((d) => [d.text, d.canStop])).toEqual([
      ["", false],
      ["Run restore", true],
    ]);
    expect(sandbox.drafts()[1]!.entities).toEqual([{ type: "bold", offset: 0, length: 3 }]);
    expect(sandbox.liveDrafts({ bot: bot.username })).toHaveLength(1);
    expect(sandbox.sent()).toHaveLength(0);
  });

  it("answers Telegram's errors: a group (TEXTDRAFT_PEER_INVALID), draft_id 0, text over 4096 characters", async () => {
    const { sandbox, call, user, bot } = await start();
    const group = sandbox.addGroup({ title: "G", members: [user.id], bots: [bot.username] });
    const inGroup = await call("sendMessageDraft", { chat_id: group.id, draft_id: 1, text: "x" });
    expect(inGroup.body).toMatchObject({
      ok: false,
      error_code: 400,
      description: "Bad Request: TEXTDRAFT_PEER_INVALID",
    });
    const rich = await call("sendRichMessageDraft", {
      chat_id: group.id,
      draft_id: 1,
      rich_message: { markdown: "x" },
    });
    expect(rich.body.description).toBe("Bad Request: TEXTDRAFT_PEER_INVALID");
    expect(
      (await call("sendMessageDraft", { chat_id: user.id, draft_id: 0, text: "x" })).body.error_code,
    ).toBe(400);
    const long = await call("sendMessageDraft", { chat_id: user.id, draft_id: 1, text: "x".repeat(4097) });
    expect(long.body.error_code).toBe(400);
    expect(
      (await call("sendMessageDraft", { chat_id: user.id, draft_id: 1, text: "x".repeat(4096) })).body.ok,
    ).toBe(true);
  });

  it("a draft vanishes 30 s after its last change, or when the bot sends a message to the chat", async () => {
    const { sandbox, call, user } = await start();
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 1, text: "a" });
    clock += 29_000;
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 1, text: "ab" });
    clock += 29_000;
    expect(sandbox.liveDrafts().map((d) => d.text)).toEqual(["ab"]);
    clock += 1_001;
    expect(sandbox.liveDrafts()).toEqual([]);
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 2, text: "c" });
    await call("sendMessage", { chat_id: user.id, text: "the answer" });
    expect(sandbox.liveDrafts()).toEqual([]);
  });

  it("the stop button queues stopped_message_generation as Telegram shapes it, when allowed_updates names it", async () => {
    const { sandbox, call, user, bot } = await start();
    await call("getUpdates", { timeout: 0, allowed_updates: ["message", "stopped_message_generation"] });
    await call("getUpdates", { timeout: 0, offset: -1 });
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 9, text: "no button" });
    expect(() => sandbox.stopGeneration({ from: user.id, bot: bot.username })).toThrow(/no stoppable draft/);
    await call("sendMessageDraft", {
      chat_id: user.id,
      draft_id: 9,
      text: "Run restore",
      can_stop: true,
      keep_on_stop: true,
    });
    expect(sandbox.stopGeneration({ from: user.id, bot: bot.username })).toEqual({
      draftId: 9,
      deliveredTo: [bot.username],
    });
    const { body } = await call("getUpdates", { timeout: 0, offset: 0 });
    const update = (body.result as Array<Record<string, unknown>>).at(-1)!;
    expect(update.stopped_message_generation).toEqual({
      chat: { id: user.id, type: "private", first_name: "Ada", username: "ada" },
      draft_id: 9,
    });
    // keep_on_stop: still visible a short while, and takes no more changes.
    await call("sendMessageDraft", {
      chat_id: user.id,
      draft_id: 9,
      text: "Run restore --latest",
      can_stop: true,
    });
    expect(sandbox.liveDrafts().map((d) => [d.text, d.stopped])).toEqual([["Run restore", true]]);
    clock += 5_001;
    expect(sandbox.liveDrafts()).toEqual([]);
    // Nor does a stopped draft come back with a later call.
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 9, text: "Run restore --latest now" });
    expect(sandbox.liveDrafts()).toEqual([]);

    // Not named in allowed_updates: never delivered.
    await call("getUpdates", {
      timeout: 0,
      allowed_updates: ["message"],
      offset: (update.update_id as number) + 1,
    });
    await call("sendMessageDraft", { chat_id: user.id, draft_id: 10, text: "x", can_stop: true });
    expect(sandbox.stopGeneration({ from: user.id, bot: bot.username }).deliveredTo).toEqual([]);
  });
});
