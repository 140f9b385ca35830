import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

async function start() {
  current = await startSandbox();
  const { apiRoot } = current;
  const control = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${apiRoot}/__sandbox/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { ...current, control };
}

describe("control API /__sandbox/", () => {
  it("state, users and say (group and private chat)", async () => {
    const { control, bot, user, call } = await start();
    const bob = await control("POST", "users", { firstName: "Bob", username: "bob" });
    expect(bob).toEqual({
      status: 200,
      body: { id: expect.any(Number), firstName: "Bob", username: "bob" },
    });
    const group = await control("POST", "groups", {
      title: "G",
      members: [user.id, bob.body.id],
      bots: [bot.username],
    });
    expect(group.body).toMatchObject({ type: "supergroup", title: "G" });

    const state = await control("GET", "state");
    expect(state.body.bots.map((b: any) => b.username)).toEqual(["alpha_bot"]);
    expect(state.body.users.map((u: any) => u.firstName)).toEqual(["Ada", "Bob"]);
    expect(state.body.chats).toEqual([group.body]);

    const dm = await control("POST", "say", { from: user.id, bot: bot.username, text: "hi bot" });
    expect(dm.body).toEqual({ messageId: 1, chatId: user.id, deliveredTo: ["alpha_bot"] });
    const inGroup = await control("POST", "say", {
      from: bob.body.id,
      chat: group.body.id,
      text: "@alpha_bot hey",
    });
    expect(inGroup.body.deliveredTo).toEqual(["alpha_bot"]);
    const updates = (await call("getUpdates")).body.result;
    expect(updates.map((u: any) => u.message.text)).toEqual(["hi bot", "@alpha_bot hey"]);
    expect((await control("GET", `pending?bot=${bot.username}`)).body).toEqual({ pending: 2 });
  });

  it("a user's languageCode is the language_code of their messages (default en)", async () => {
    const { control, bot, call } = await start();
    const vera = await control("POST", "users", { firstName: "Вера", languageCode: "ru" });
    const li = await control("POST", "users", { firstName: "李", languageCode: "zh-hans" });
    expect(vera.body.languageCode).toBe("ru");
    await control("POST", "say", { from: vera.body.id, bot: bot.username, text: "/help" });
    await control("POST", "say", { from: li.body.id, bot: bot.username, text: "/help" });
    const updates = (await call("getUpdates")).body.result;
    expect(updates.map((u: any) => u.message.from.language_code)).toEqual(["ru", "zh-hans"]);
    const bad = await control("POST", "users", { firstName: "X", languageCode: 7 });
    expect(bad.status).toBe(400);
  });

  it("sent with since and wait long-polls for the next message; calls filter by bot and method", async () => {
    const { control, bot, user, call } = await start();
    await control("POST", "say", { from: user.id, bot: bot.username, text: "hi" });
    await call("sendMessage", { chat_id: user.id, text: "first" });
    const all = await control("GET", "sent");
    expect(all.body.map((m: any) => m.text)).toEqual(["first"]);
    const since = all.body[0].seq;

    const t0 = Date.now();
    const waiting = control("GET", `sent?since=${since}&wait=5000&bot=${bot.username}`);
    setTimeout(() => void call("sendMessage", { chat_id: user.id, text: "second", parse_mode: "HTML" }), 200);
    const next = await waiting;
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(next.body).toEqual([
      expect.objectContaining({
        text: "second",
        bot: "alpha_bot",
        chatId: user.id,
        parseMode: "HTML",
        method: "sendMessage",
      }),
    ]);
    const empty = await control("GET", `sent?since=${next.body[0].seq}&wait=100`);
    expect(empty.body).toEqual([]);
    expect((await control("GET", `sent?chat=${user.id + 1}`)).body).toEqual([]);

    const calls = await control("GET", `calls?bot=${bot.username}&method=sendMessage`);
    expect(calls.body.map((c: any) => [c.method, c.status, c.params.text])).toEqual([
      ["sendMessage", 200, "first"],
      ["sendMessage", 200, "second"],
    ]);
  });

  it("fault kinds map to the faults API; reset clears", async () => {
    const { control, bot, call, user } = await start();
    expect((await control("POST", "fault", { kind: "revokeToken", bot: bot.username })).body).toEqual({
      ok: true,
    });
    expect((await call("getMe")).status).toBe(401);
    await control("POST", "fault", { kind: "restoreToken", bot: bot.username });
    expect((await call("getMe")).status).toBe(200);

    await control("POST", "fault", {
      kind: "failNext",
      bot: bot.username,
      method: "getMe",
      code: 429,
      description: "Too Many Requests: retry after 3",
      retryAfter: 3,
    });
    expect((await call("getMe")).body).toEqual({
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 3",
      parameters: { retry_after: 3 },
    });
    await control("POST", "fault", { kind: "competingPoller", bot: bot.username });
    expect((await call("getUpdates")).status).toBe(409);
    await control("POST", "fault", { kind: "competingPoller", bot: bot.username, stop: true });
    expect((await call("getUpdates")).status).toBe(200);

    await control("POST", "fault", { kind: "down", isDown: true });
    await expect(call("getMe")).rejects.toThrow();
    await control("POST", "fault", { kind: "clear" });
    expect((await call("getMe")).status).toBe(200);

    await control("POST", "say", { from: user.id, bot: bot.username, text: "pending" });
    expect((await control("POST", "reset")).body).toEqual({ ok: true });
    expect((await control("GET", "calls")).body).toEqual([]);
    expect((await control("GET", `pending?bot=${bot.username}`)).body).toEqual({ pending: 0 });
  });

  it("inject adds a raw update and opens the private chat of its sender", async () => {
    const { control, bot, call } = await start();
    const update = {
      message: {
        message_id: 5,
        date: 1,
        chat: { id: 4242, type: "private" },
        from: { id: 4242, is_bot: false, first_name: "Zed" },
        text: "raw",
      },
    };
    const injected = await control("POST", "inject", { bot: bot.username, update });
    const updates = (await call("getUpdates")).body.result;
    expect(updates).toEqual([{ update_id: injected.body.update_id, ...update }]);
    expect((await call("sendMessage", { chat_id: 4242, text: "answer" })).status).toBe(200);
  });

  it("bad input answers 400 with the problem and a fix; unknown routes 404", async () => {
    const { control, bot } = await start();
    const noText = await control("POST", "say", { from: 1, bot: bot.username });
    expect(noText.status).toBe(400);
    expect(noText.body).toEqual({
      ok: false,
      error: expect.stringContaining('"text" must be a string'),
      fix: expect.any(String),
    });
    const unknownUser = await control("POST", "say", { from: 1, bot: bot.username, text: "x" });
    expect(unknownUser.body.error).toBe("no sandbox user 1");
    const unknownBot = await control("POST", "fault", { kind: "slow", bot: "ghost_bot", ms: 5 });
    expect(unknownBot.body.error).toMatch(/no sandbox bot @ghost_bot \(known: alpha_bot\)/);
    const badKind = await control("POST", "fault", { kind: "meteor" });
    expect(badKind.status).toBe(400);
    expect(badKind.body.fix).toMatch(/failNext/);
    const notJson = await fetch(`${current!.apiRoot}/__sandbox/say`, { method: "POST", body: "{nope" });
    expect(notJson.status).toBe(400);
    expect((await control("GET", "sent?since=abc")).status).toBe(400);
    expect((await control("GET", "nothing")).status).toBe(404);
  });
});
