import { run } from "@grammyjs/runner";
import { Bot } from "grammy";

/**
 * The benchmark's baseline: a bare grammY + @grammyjs/runner echo bot per token, the least work a
 * bot can do per message. Run as its own process, like the daemon:
 *   ECHO_TOKENS=t1,t2 TELEGRAM_API_ROOT=http://127.0.0.1:PORT node bench/dist/bench/echo-bot.js
 */
const tokens = (process.env.ECHO_TOKENS ?? "").split(",").filter(Boolean);
const apiRoot = process.env.TELEGRAM_API_ROOT ?? "";
const handles = tokens.map((token) => {
  const bot = new Bot(token, { client: { apiRoot } });
  bot.on("message:text", (ctx) =>
    ctx.reply(ctx.message.text, { reply_parameters: { message_id: ctx.message.message_id } }),
  );
  bot.catch(() => {});
  return run(bot, { runner: { fetch: { allowed_updates: ["message"], timeout: 30 }, silent: true } });
});
process.stdout.write(`echo bots running: ${handles.length}\n`);
const stop = async () => {
  await Promise.all(handles.map((h) => (h.isRunning() ? h.stop() : undefined)));
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
