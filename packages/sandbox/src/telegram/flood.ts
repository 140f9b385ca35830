import { type ApiError, tooManyRequests } from "./errors.js";
import type { FloodLimits } from "./types.js";

/**
 * Telegram's flood limits (telegram-facts.md), on by default as on Telegram: 1 message a second per
 * chat (a private chat takes a burst of 3 in any 3 s), 20 a minute per group, 30 a second per bot.
 */
export const TELEGRAM_FLOOD_LIMITS: FloodLimits = {
  perChatPerSecond: 1,
  privateBurst: 3,
  perGroupPerMinute: 20,
  perBotPerSecond: 30,
};

/**
 * Telegram's flood limits as sliding windows: per (bot, chat) per second (per `privateBurst`
 * seconds in a private chat), per bot per second, per (bot, group) per minute. Only accepted sends count. Past a limit the answer is 429 with
 * retry_after = seconds until the window frees a slot (at least 1). Uses the real monotonic clock,
 * not the sandbox clock, so a test that moves the sandbox clock does not unblock or block sends.
 */
export interface FloodModel {
  set(limits: FloodLimits | null): void;
  /** Returns the 429 to answer, or records the send and returns undefined. */
  check(bot: string, chatId: number): ApiError | undefined;
}

export function createFloodModel(clock: () => number = () => performance.now()): FloodModel {
  let limits: FloodLimits | null = null;
  let windows = new Map<string, number[]>();

  const slot = (key: string, limit: number | undefined, windowMs: number, at: number) => {
    if (limit === undefined) return { wait: 0, stamps: undefined };
    let stamps = windows.get(key);
    if (!stamps) windows.set(key, (stamps = []));
    let drop = 0;
    while (drop < stamps.length && stamps[drop]! <= at - windowMs) drop++;
    if (drop) stamps.splice(0, drop);
    const wait = stamps.length >= limit ? stamps[stamps.length - limit]! + windowMs - at : 0;
    return { wait, stamps };
  };

  return {
    set(next) {
      limits = next;
      windows = new Map();
    },
    check(bot, chatId) {
      if (!limits) return undefined;
      const at = clock();
      const burst = chatId > 0 ? Math.max(1, limits.privateBurst ?? 1) : 1;
      const perChat = limits.perChatPerSecond === undefined ? undefined : limits.perChatPerSecond * burst;
      const checks = [
        slot(`c:${bot}:${chatId}`, perChat, 1000 * burst, at),
        slot(`b:${bot}`, limits.perBotPerSecond, 1000, at),
        slot(`g:${bot}:${chatId}`, chatId < 0 ? limits.perGroupPerMinute : undefined, 60_000, at),
      ];
      const wait = Math.max(...checks.map((c) => c.wait));
      if (wait > 0) return tooManyRequests(Math.max(1, Math.ceil(wait / 1000)));
      for (const c of checks) c.stamps?.push(at);
      return undefined;
    },
  };
}
