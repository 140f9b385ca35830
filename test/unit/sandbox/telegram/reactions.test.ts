import { afterEach, describe, expect, it } from "vitest";
import type { TelegramSandbox } from "../../../../packages/sandbox/src/telegram/index.js";
import { callApi, startSandbox } from "./helpers.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

type Call = (method: string, params?: Record<string, unknown>) => Promise<{ status: number; body: any }>;

/** Updates handed to the bot (confirmed at once), with the allowed_updates given. */
async function updates(call: Call, allowed = ["message", "message_reaction", "my_chat_member"]) {
  const { body } = await call("getUpdates", { timeout: 0, allowed_updates: allowed });
  const list = body.result as Array<Record<string, any>>;
  if (list.length > 0) await call("getUpdates", { timeout: 0, offset: list.at(-1)!.update_id + 1 });
  return list;
}
const emoji = (...list: string[]) => list.map((e) => ({ type: "emoji", emoji: e }));

async function world() {
  const started = await startSandbox();
  sandbox = started.sandbox;
  const { user, call } = started;
  const asked = sandbox.userSays({ from: user.id, chat: { bot: "alpha_bot" }, text: "hello" });
  const { body } = await call("sendMessage", { chat_id: user.id, text: "Backups run at 02:00." });
  const answerId = body.result.message_id as number;
  await updates(call);
  return { ...started, sandbox, asked, answerId };
}

describe("sandbox reactions (message_reaction)", () => {
  it("a user's reaction reaches the bot with old and new reactions; change, removal, and no-op", async () => {
    const { sandbox, user, call, answerId } = await world();
    const dm = { bot: "alpha_bot" };
    expect(sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: ["👍"] })).toEqual({
      deliveredTo: ["alpha_bot"],
    });
    sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: ["👎"] });
    sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: ["👎"] });
    sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: [] });
    const got = (await updates(call)).map((u) => u.message_reaction);
    expect(got).toHaveLength(3);
    expect(got[0]).toMatchObject({
      chat: { id: user.id, type: "private" },
      message_id: answerId,
      user: { id: user.id, is_bot: false, first_name: "Ada" },
      old_reaction: [],
      new_reaction: emoji("👍"),
    });
    expect(typeof got[0].date).toBe("number");
    expect(got[1]).toMatchObject({ old_reaction: emoji("👍"), new_reaction: emoji("👎") });
    expect(got[2]).toMatchObject({ old_reaction: emoji("👎"), new_reaction: [] });
  });

  it("is not delivered unless allowed_updates names it (the default leaves it out)", async () => {
    const { sandbox, user, call, answerId } = await world();
    await call("getUpdates", { timeout: 0, allowed_updates: [] });
    expect(
      sandbox.react({ from: user.id, chat: { bot: "alpha_bot" }, messageId: answerId, emoji: ["👍"] }),
    ).toEqual({
      deliveredTo: [],
    });
    expect(await updates(call, [])).toEqual([]);
  });

  it("refuses reactions Telegram does not offer, and unknown messages", async () => {
    const { sandbox, user, answerId } = await world();
    const dm = { bot: "alpha_bot" };
    expect(() => sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: ["🦖"] })).toThrow(
      /not a reaction Telegram offers/,
    );
    expect(() =>
      sandbox.react({ from: user.id, chat: dm, messageId: answerId, emoji: ["👍", "🔥", "🎉", "👏"] }),
    ).toThrow(/at most 3/);
    expect(() => sandbox.react({ from: user.id, chat: dm, messageId: 9999, emoji: ["👍"] })).toThrow(
      /no message 9999/,
    );
  });

  it("in a group only an administrator bot gets reactions; anonymous ones carry actor_chat", async () => {
    const { sandbox, user, call, bot } = await world();
    const group = sandbox.addGroup({ title: "Team", members: [user.id], bots: ["alpha_bot"] });
    const asked = sandbox.userSays({ from: user.id, chat: group.id, text: "@alpha_bot backups?" });
    const { body } = await call("sendMessage", { chat_id: group.id, text: "At 02:00." });
    const answer = body.result.message_id as number;
    await updates(call);
    const member = await call("getChatMember", { chat_id: group.id, user_id: bot.id });
    expect(member.body.result.status).toBe("member");

    expect(sandbox.react({ from: user.id, chat: group.id, messageId: answer, emoji: ["👍"] })).toEqual({
      deliveredTo: [],
    });
    sandbox.setBotAdmin(group.id, "alpha_bot", true);
    const admin = await call("getChatMember", { chat_id: group.id, user_id: bot.id });
    expect(admin.body.result).toMatchObject({ status: "administrator", user: { id: bot.id } });
    sandbox.react({ from: user.id, chat: group.id, messageId: answer, emoji: ["👎"] });
    // Reactions on anyone's message reach an admin bot, not only on its own.
    sandbox.react({ from: user.id, chat: group.id, messageId: asked.messageId, emoji: ["🔥"] });
    sandbox.react({ from: user.id, chat: group.id, messageId: answer, emoji: ["👍"], as: "anonymous-admin" });
    const got = await updates(call);
    expect(got[0]!.my_chat_member).toMatchObject({
      old_chat_member: { status: "member" },
      new_chat_member: { status: "administrator" },
    });
    const reactions = got.slice(1).map((u) => u.message_reaction);
    expect(reactions[0]).toMatchObject({
      message_id: answer,
      old_reaction: emoji("👍"),
      new_reaction: emoji("👎"),
    });
    expect(reactions[1]).toMatchObject({ message_id: asked.messageId, new_reaction: emoji("🔥") });
    expect(reactions[2]).toMatchObject({ actor_chat: { id: group.id, type: "supergroup" } });
    expect(reactions[2].user).toBeUndefined();
  });

  it("setMessageReaction follows Telegram's rules", async () => {
    const { user, call, asked } = await world();
    const set = (reaction: unknown, messageId = asked.messageId) =>
      call("setMessageReaction", { chat_id: user.id, message_id: messageId, reaction });
    expect((await set(emoji("👀"))).body).toEqual({ ok: true, result: true });
    expect((await set([])).body).toEqual({ ok: true, result: true });
    expect((await set(emoji("👀"), 9999)).body).toMatchObject({
      ok: false,
      error_code: 400,
      description: "Bad Request: message to react not found",
    });
    for (const bad of [emoji("🦖"), [{ type: "custom_emoji", custom_emoji_id: "1" }], [{ type: "paid" }]]) {
      expect((await set(bad)).body).toMatchObject({
        error_code: 400,
        description: "Bad Request: REACTION_INVALID",
      });
    }
    expect((await set(emoji("👍", "👀"))).body.description).toBe("Bad Request: REACTIONS_TOO_MANY");
    // A bot's own reaction produces no update.
    expect(await updates(call)).toEqual([]);
  });

  it("the control API reacts and promotes", async () => {
    const { sandbox, user, call, answerId, apiRoot } = await world();
    const group = sandbox.addGroup({ title: "Ops", members: [user.id], admins: ["alpha_bot"] });
    const post = (route: string, body: unknown) =>
      fetch(`${apiRoot}/__sandbox/${route}`, { method: "POST", body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, body: await r.json() }),
      );
    expect(
      await post("react", { from: user.id, bot: "alpha_bot", messageId: answerId, emoji: ["❤"] }),
    ).toEqual({ status: 200, body: { deliveredTo: ["alpha_bot"] } });
    expect(
      (await post("react", { from: user.id, bot: "alpha_bot", messageId: answerId, emoji: "❤" })).status,
    ).toBe(400);
    expect(await post("admin", { chat: group.id, bot: "alpha_bot", admin: false })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const member = await callApi(apiRoot, sandbox.state().bots[0]!.token, "getChatMember", {
      chat_id: group.id,
      user_id: sandbox.state().bots[0]!.id,
    });
    expect(member.body.result.status).toBe("member");
    const got = await updates(call);
    expect(got.map((u) => Object.keys(u).find((k) => k !== "update_id"))).toEqual([
      "message_reaction",
      "my_chat_member",
    ]);
  });
});
