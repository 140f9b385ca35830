import { autoRetry } from "@grammyjs/auto-retry";
import { run, type RunnerHandle } from "@grammyjs/runner";
import { Bot, GrammyError } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, until } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
const handles: RunnerHandle[] = [];
const start = async () => (current = await startSandbox());
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => (h.isRunning() ? h.stop() : undefined)));
  await current?.sandbox.close();
  current = undefined;
});

/** A grammY bot on the sandbox that records the texts it handles. */
async function startRunner(token: string, apiRoot: string) {
  const bot = new Bot(token, { client: { apiRoot } });
  const seen: string[] = [];
  bot.on("message:text", (ctx) => void seen.push(ctx.message.text));
  await bot.init();
  const handle = run(bot, { runner: { silent: true } });
  handles.push(handle);
  return { bot, seen, handle };
}

/** The error a runner's task rejects with, or a failure after `ms`. */
async function rejection(handle: RunnerHandle, ms = 5000): Promise<GrammyError> {
  const task = handle.task();
  if (!task) throw new Error("runner not running");
  const outcome = await Promise.race([
    task.then(
      () => new Error("task resolved"),
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve(new Error("task still running")), ms)),
  ]);
  if (!(outcome instanceof GrammyError)) throw outcome;
  return outcome;
}

describe("grammY runner against the sandbox", () => {
  it("confirmed updates are not seen again by a restarted poller", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    const first = await startRunner(bot.token, apiRoot);
    for (const text of ["one", "two", "three"])
      sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text });
    await until(
      () => first.seen.length === 3 && sandbox.pendingUpdates(bot.username) === 0,
      5000,
      "first runner",
    );
    await first.handle.stop();

    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "four" });
    const second = await startRunner(bot.token, apiRoot);
    await until(
      () => second.seen.length >= 1 && sandbox.pendingUpdates(bot.username) === 0,
      5000,
      "second runner",
    );
    expect(first.seen).toEqual(["one", "two", "three"]);
    expect(second.seen).toEqual(["four"]);
    // Every getUpdates after the first batch carried offset = last update_id + 1.
    const offsets = sandbox.calls({ method: "getUpdates" }).map((c) => c.params.offset);
    expect(offsets.filter((o) => typeof o === "number" && o > 0).length).toBeGreaterThan(0);
  });

  it("a long poll waits for its timeout and wakes at once on a new update", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    const api = new Bot(bot.token, { client: { apiRoot } }).api;
    const t0 = Date.now();
    expect(await api.getUpdates({ timeout: 1 })).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);

    const t1 = Date.now();
    const polling = api.getUpdates({ timeout: 20 });
    setTimeout(() => sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "wake" }), 300);
    const updates = await polling;
    const waited = Date.now() - t1;
    expect(updates.map((u) => u.message?.text)).toEqual(["wake"]);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(3000);
  });

  it("a second concurrent poller ends the first one's poll with 409; the newer one is served", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    const older = await startRunner(bot.token, apiRoot);
    await new Promise((resolve) => setTimeout(resolve, 150)); // its long poll is pending now
    expect(sandbox.calls({ method: "getUpdates" })).toEqual([]); // calls are logged when answered
    const newer = await startRunner(bot.token, apiRoot);
    const error = await rejection(older.handle);
    expect(error.error_code).toBe(409);
    expect(error.description).toMatch(/^Conflict: terminated by other getUpdates request/);
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "for the newer" });
    await until(() => newer.seen.length === 1, 5000, "newer runner");
    expect(older.seen).toEqual([]);
  });

  it("a competing poller makes the runner fail with 409 while it runs", async () => {
    const { sandbox, apiRoot, bot } = await start();
    const competitor = sandbox.faults.competingPoller(bot.username);
    const runner = await startRunner(bot.token, apiRoot);
    expect((await rejection(runner.handle)).error_code).toBe(409);
    competitor.stop();
    const again = await startRunner(bot.token, apiRoot);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.handle.isRunning()).toBe(true);
  });

  it("with a webhook set the runner fails with 409; deleteWebhook fixes it and keeps pending updates", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "kept" });
    sandbox.faults.setWebhook(bot.username, "https://example.invalid/hook");
    const runner = await startRunner(bot.token, apiRoot);
    const error = await rejection(runner.handle);
    expect(error.error_code).toBe(409);
    expect(error.description).toContain("webhook is active");
    expect((await runner.bot.api.getWebhookInfo()).url).toBe("https://example.invalid/hook");
    await runner.bot.api.deleteWebhook({ drop_pending_updates: false });
    const fixed = await startRunner(bot.token, apiRoot);
    await until(() => fixed.seen.length === 1, 5000, "runner after deleteWebhook");
    expect(fixed.seen).toEqual(["kept"]);
  });

  it("a revoked token makes the runner's task reject with 401", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    const runner = await startRunner(bot.token, apiRoot);
    sandbox.faults.revokeToken(bot.username);
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "wakes the poll" });
    const error = await rejection(runner.handle);
    expect(error.error_code).toBe(401);
    expect(error.description).toBe("Unauthorized");
    await expect(runner.bot.api.getMe()).rejects.toMatchObject({ error_code: 401 });
    sandbox.faults.restoreToken(bot.username);
    expect((await runner.bot.api.getMe()).username).toBe(bot.username);
  });

  it("429 carries retry_after; auto-retry waits it out and the send succeeds", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "hi" });
    sandbox.faults.flood({ perChatPerSecond: 1 });
    const plain = new Bot(bot.token, { client: { apiRoot } });
    await plain.api.sendMessage(user.id, "first");
    const error = await plain.api.sendMessage(user.id, "refused").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(429);
    expect((error as GrammyError).parameters.retry_after).toBe(1);

    const retrying = new Bot(bot.token, { client: { apiRoot } });
    retrying.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 5 }));
    await retrying.api.sendMessage(user.id, "second");
    expect(sandbox.sent().map((m) => m.text)).toEqual(["first", "second"]);
    const statuses = sandbox.calls({ method: "sendMessage" }).map((c) => c.status);
    // [200, 429, (429 while the window is full,) 200]: auto-retry waited retry_after when refused.
    expect(statuses.slice(0, 2)).toEqual([200, 429]);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(2, -1).every((s) => s === 429)).toBe(true);

    sandbox.faults.flood(null);
    sandbox.faults.failNext(bot.username, "sendMessage", {
      code: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    const t0 = Date.now();
    await retrying.api.sendMessage(user.id, "third");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(sandbox.sent().at(-1)!.text).toBe("third");
  });

  it("the runner honours retry_after on getUpdates and continues", async () => {
    const { sandbox, apiRoot, bot, user } = await start();
    sandbox.faults.failNext(bot.username, "getUpdates", {
      code: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    sandbox.userSays({ from: user.id, chat: { bot: bot.username }, text: "after the wait" });
    const t0 = Date.now();
    const runner = await startRunner(bot.token, apiRoot);
    await until(() => runner.seen.length === 1, 5000, "update after 429");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(sandbox.calls({ method: "getUpdates" })[0]!.status).toBe(429);
  });
});
