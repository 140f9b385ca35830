import { run, type RunnerHandle } from "@grammyjs/runner";
import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { createFloodModel, TELEGRAM_FLOOD_LIMITS } from "../../../../packages/sandbox/src/telegram/flood.js";
import { createTelegramSandbox } from "../../../../packages/sandbox/src/telegram/index.js";
import { callApi, sleep, startSandbox, until } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
const handles: RunnerHandle[] = [];
const start = async () => {
  current = await startSandbox();
  current.sandbox.userSays({
    from: current.user.id,
    chat: { bot: current.bot.username },
    text: "opens the chat",
  });
  return current;
};
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => (h.isRunning() ? h.stop() : undefined)));
  await current?.sandbox.close();
  current = undefined;
});

async function runner(token: string, apiRoot: string) {
  const bot = new Bot(token, { client: { apiRoot } });
  const seen: string[] = [];
  bot.on("message:text", (ctx) => void seen.push(ctx.message.text));
  await bot.init();
  const handle = run(bot, { runner: { silent: true } });
  handles.push(handle);
  return { seen, handle };
}

describe("faults", () => {
  it("failNext answers the given error `count` times without effect", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.faults.failNext(bot.username, "sendMessage", { code: 403, description: "Forbidden: nope" }, 2);
    expect((await call("sendMessage", { chat_id: user.id, text: "a" })).body).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: nope",
    });
    expect((await call("sendMessage", { chat_id: user.id, text: "b" })).status).toBe(403);
    expect((await call("sendMessage", { chat_id: user.id, text: "c" })).status).toBe(200);
    expect(sandbox.sent().map((m) => m.text)).toEqual(["c"]);
  });

  it("dropConnections: the call takes effect, then the socket is destroyed mid-response", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.faults.dropConnections(bot.username, 1);
    await expect(call("sendMessage", { chat_id: user.id, text: "delivered, unanswered" })).rejects.toThrow();
    expect(sandbox.sent().map((m) => m.text)).toEqual(["delivered, unanswered"]);
    expect(sandbox.calls({ method: "sendMessage" }).map((c) => c.status)).toEqual([0]);
    expect((await call("getMe")).status).toBe(200);
  });

  it("slow delays every call of the bot", async () => {
    const { sandbox, call, bot } = await start();
    sandbox.faults.slow(bot.username, 600);
    const t0 = Date.now();
    await call("getMe");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(580);
    sandbox.faults.slow(bot.username, 0);
    const t1 = Date.now();
    await call("getMe");
    expect(Date.now() - t1).toBeLessThan(500);
  });

  it("serverErrors: 5xx at the given rate; the runner retries through them", async () => {
    const { sandbox, call, bot, user, apiRoot } = await start();
    sandbox.faults.serverErrors("*", 1, 502);
    expect((await call("getMe")).body).toEqual({ ok: false, error_code: 502, description: "Bad Gateway" });
    sandbox.faults.serverErrors("*", 0);
    expect((await call("getMe")).status).toBe(200);

    await call("getUpdates", { offset: -1 }).then((r) =>
      call("getUpdates", { offset: r.body.result[0].update_id + 1 }),
    );
    const r = await runner(bot.token, apiRoot);
    sandbox.faults.serverErrors(bot.username, 1);
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "after errors" });
    await sleep(400);
    sandbox.faults.serverErrors(bot.username, 0);
    await until(() => r.seen.includes("after errors"), 8000, "runner after 5xx");
    expect(r.handle.isRunning()).toBe(true);
    expect(sandbox.calls({ method: "getUpdates" }).some((c) => c.status === 500)).toBe(true);
  });

  it("down: Bot API connections are destroyed, the control API keeps working; the runner recovers", async () => {
    const { sandbox, call, bot, user, apiRoot } = await start();
    await call("getUpdates", { offset: -1 }).then((res) =>
      call("getUpdates", { offset: res.body.result[0].update_id + 1 }),
    );
    const r = await runner(bot.token, apiRoot);
    await sleep(100);
    sandbox.faults.down(true);
    await expect(call("getMe")).rejects.toThrow();
    const state = await fetch(`${apiRoot}/__sandbox/state`).then((res) => res.json() as Promise<any>);
    expect(state.bots[0].username).toBe(bot.username);
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "during the outage" });
    await sleep(300);
    expect(r.seen).toEqual([]);
    sandbox.faults.down(false);
    await until(() => r.seen.includes("during the outage"), 8000, "runner after outage");
    expect((await call("getMe")).status).toBe(200);
  });

  it("clear removes every fault; reset also clears logs and queues but keeps the world", async () => {
    const { sandbox, call, bot, user } = await start();
    sandbox.faults.revokeToken(bot.username);
    sandbox.faults.serverErrors("*", 1);
    sandbox.faults.flood({ perBotPerSecond: 1 });
    expect((await call("getMe")).status).toBe(401);
    sandbox.faults.clear();
    expect((await call("getMe")).status).toBe(200);
    await call("sendMessage", { chat_id: user.id, text: "1" });
    expect((await call("sendMessage", { chat_id: user.id, text: "2" })).status).toBe(200);

    sandbox.faults.setWebhook(bot.username, "https://x.example");
    sandbox.reset();
    expect(sandbox.sent()).toEqual([]);
    expect(sandbox.calls()).toEqual([]);
    expect(sandbox.pendingUpdates(bot.username)).toBe(0);
    expect((await call("getUpdates")).body).toEqual({ ok: true, result: [] });
    expect(sandbox.state().users).toHaveLength(1);
    expect((await call("sendMessage", { chat_id: user.id, text: "3" })).status).toBe(200);
    expect(sandbox.sent()[0]!.seq).toBeGreaterThan(2);
  });

  it("close() ends a pending long poll and does not hang", async () => {
    const { sandbox, call } = await start();
    const offset = (await call("getUpdates")).body.result[0].update_id + 1;
    const polling = call("getUpdates", { offset, timeout: 50 }).catch((e: unknown) => e);
    await sleep(100);
    const t0 = Date.now();
    await sandbox.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await polling).toEqual({ status: 200, body: { ok: true, result: [] } });
  });
});

describe("flood model", () => {
  it("per chat per second, per bot per second, per group per minute; retry_after counts whole seconds", () => {
    let t = 0;
    const flood = createFloodModel(() => t);
    flood.set({ perChatPerSecond: 2, perBotPerSecond: 3, perGroupPerMinute: 4 });
    expect(flood.check("a", 1)).toBeUndefined();
    expect(flood.check("a", 1)).toBeUndefined();
    expect(flood.check("a", 1)?.parameters).toEqual({ retry_after: 1 });
    expect(flood.check("a", 2)).toBeUndefined();
    expect(flood.check("a", 3)?.description).toBe("Too Many Requests: retry after 1");
    expect(flood.check("b", 3)).toBeUndefined();
    t = 1000;
    for (let i = 0; i < 2; i++) expect(flood.check("a", -5)).toBeUndefined();
    t = 2000;
    for (let i = 0; i < 2; i++) expect(flood.check("a", -5)).toBeUndefined();
    t = 3000;
    const refused = flood.check("a", -5);
    expect(refused?.status).toBe(429);
    expect(refused?.parameters?.retry_after).toBe(58);
    flood.set(null);
    expect(flood.check("a", -5)).toBeUndefined();
  });
});

describe("Telegram's flood limits, on by default", () => {
  it("a private chat bursts 3 in 3 s, a group 1 a second and 20 a minute, the bot 30 a second", () => {
    let t = 0;
    const flood = createFloodModel(() => t);
    flood.set(TELEGRAM_FLOOD_LIMITS);
    for (let i = 0; i < 3; i++) expect(flood.check("a", 7)).toBeUndefined();
    expect(flood.check("a", 7)?.parameters).toEqual({ retry_after: 3 });
    expect(flood.check("a", -5)).toBeUndefined();
    expect(flood.check("a", -5)?.parameters).toEqual({ retry_after: 1 });
    for (let n = 1; n < 20; n++) {
      t = n * 1000;
      expect(flood.check("a", -5)).toBeUndefined();
    }
    t = 20_000;
    expect(flood.check("a", -5)?.parameters).toEqual({ retry_after: 40 });
    t = 30_000;
    for (let id = 100; id < 130; id++) expect(flood.check("a", id)).toBeUndefined();
    expect(flood.check("a", 200)?.status).toBe(429);
  });

  it("a sandbox answers 429 with retry_after past them, unless made without limits", async () => {
    const limited = createTelegramSandbox();
    const free = createTelegramSandbox({ flood: null });
    try {
      for (const s of [limited, free]) {
        const root = await s.listen();
        const bot = s.addBot({ username: "f_wiki_bot" });
        const user = s.addUser({ firstName: "F" });
        s.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
        const send = (n: number) =>
          callApi(root, bot.token, "sendMessage", { chat_id: user.id, text: `${n}` });
        const statuses = [];
        for (let n = 0; n < 4; n++) statuses.push((await send(n)).status);
        expect(statuses).toEqual(s === limited ? [200, 200, 200, 429] : [200, 200, 200, 200]);
      }
      limited.faults.clear();
    } finally {
      await limited.close();
      await free.close();
    }
  });
});
