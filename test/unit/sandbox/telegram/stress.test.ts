import { run, type RunnerHandle } from "@grammyjs/runner";
import { Bot } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import { createTelegramSandbox } from "../../../../packages/sandbox/src/telegram/index.js";
import { until } from "./helpers.js";

const BOTS = 7;
const MESSAGES = 10_000;
const sandbox = createTelegramSandbox();
const handles: RunnerHandle[] = [];
afterAll(async () => {
  await Promise.all(handles.map((h) => (h.isRunning() ? h.stop() : undefined)));
  await sandbox.close();
});

describe("stress", () => {
  it(`${BOTS} runners polling at once get ${MESSAGES} messages exactly once each, at the right bot`, async () => {
    const apiRoot = await sandbox.listen();
    const users = Array.from({ length: 5 }, (_, i) => sandbox.addUser({ firstName: `U${i}` }));
    const bots = Array.from({ length: BOTS }, (_, i) => sandbox.addBot({ username: `stress${i}_bot` }));
    const seen = bots.map(() => new Map<number, string>());
    let duplicates = 0;
    let total = 0;
    for (const [i, spec] of bots.entries()) {
      const bot = new Bot(spec.token, { client: { apiRoot } });
      bot.on("message:text", (ctx) => {
        if (seen[i]!.has(ctx.update.update_id)) duplicates++;
        seen[i]!.set(ctx.update.update_id, ctx.message.text);
        total++;
      });
      await bot.init();
      handles.push(run(bot));
    }

    const t0 = Date.now();
    for (let n = 0; n < MESSAGES; n++) {
      const target = n % BOTS;
      sandbox.userSays({
        from: users[n % users.length]!.id,
        chat: { bot: bots[target]!.username },
        text: `m${n}@${target}`,
      });
      if (n % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
    }
    const pending = () => bots.reduce((sum, b) => sum + sandbox.pendingUpdates(b.username), 0);
    await until(() => total >= MESSAGES && pending() === 0, 25_000, "all deliveries confirmed");
    const elapsed = Date.now() - t0;

    expect(duplicates).toBe(0);
    expect(total).toBe(MESSAGES);
    for (const [i, map] of seen.entries()) {
      const texts = [...map.values()];
      expect(texts.every((t) => t.endsWith(`@${i}`))).toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.length).toBe(Math.ceil((MESSAGES - i) / BOTS));
    }
    expect(pending()).toBe(0);
    console.log(`stress: ${MESSAGES} messages to ${BOTS} runners in ${elapsed} ms`);
  }, 40_000);
});
