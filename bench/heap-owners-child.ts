import { run } from "@grammyjs/runner";
import { Bot } from "grammy";
import { createSearchIndex, loadSavedIndex } from "../src/wiki/search-index/index.js";

/**
 * Run by the profile (`node --expose-gc`): the memory each owner adds, measured as the heap left
 * after a forced GC before and after it is created. Prints one JSON line (bytes).
 *   INDEX_FILE=… ECHO_TOKENS=t1,t2 TELEGRAM_API_ROOT=… node --expose-gc heap-owners-child.js
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const settle = async () => {
  await new Promise((r) => setTimeout(r, 200));
  gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, rss: m.rss };
};
const diff = (a: Awaited<ReturnType<typeof settle>>, b: Awaited<ReturnType<typeof settle>>) => ({
  heapUsed: b.heapUsed - a.heapUsed,
  external: b.external - a.external,
  rss: b.rss - a.rss,
});

const start = await settle();
const tokens = (process.env.ECHO_TOKENS ?? "").split(",").filter(Boolean);
const handles = tokens.map((token) => {
  const bot = new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_ROOT ?? "" } });
  bot.on("message:text", () => {});
  bot.catch(() => {});
  return run(bot, { runner: { fetch: { allowed_updates: ["message"], timeout: 30 }, silent: true } });
});
await new Promise((r) => setTimeout(r, 1000));
const withBots = await settle();
const index = createSearchIndex({});
if (!(await loadSavedIndex(index, process.env.INDEX_FILE ?? ""))) throw new Error("no saved index");
const withIndex = await settle();
process.stdout.write(
  `${JSON.stringify({ heapOwners: { base: start, grammY: diff(start, withBots), index: diff(withBots, withIndex), stats: index.stats() } })}\n`,
);
await Promise.all(handles.map((h) => (h.isRunning() ? h.stop() : undefined)));
process.exit(0);
