/** Telegram's rates, and the sliding windows of one bot's sends that keep them (outgoing-pacer.ts). */

/** A rate as a sliding window: at most `count` messages in any `ms` milliseconds. */
export interface RateWindow {
  count: number;
  ms: number;
}

export interface PacingLimits {
  /** One private chat: about 1 a second; short bursts pass. */
  privateChat: RateWindow;
  /** One group chat, per second. */
  groupChat: RateWindow;
  /** One group chat, per minute. */
  groupMinute: RateWindow;
  /** The whole bot. */
  bot: RateWindow;
}

/**
 * Telegram's published flood limits (telegram-facts.md): about 1 message a second per chat (a
 * private chat takes a burst of 3, then 1 a second), 20 a minute per group, about 30 a second per
 * bot.
 */
export const TELEGRAM_RATES: PacingLimits = {
  privateChat: { count: 3, ms: 3000 },
  groupChat: { count: 1, ms: 1000 },
  groupMinute: { count: 20, ms: 60_000 },
  bot: { count: 30, ms: 1000 },
};

/** The windows a message to one chat counts in, each with its limit. */
export type ChatWindows = Array<{ window: Window; limit: RateWindow }>;

/** Completed sends (monotonic ms, ascending) and sends still under way (they count as just sent). */
export interface Window {
  stamps: number[];
  running: number;
}

/** ms until `window` has room under `limit` at `at` (Infinity: only a running send's end frees it). */
export function waitOf(window: Window, limit: RateWindow, at: number): number {
  const { stamps } = window;
  let drop = 0;
  while (drop < stamps.length && stamps[drop]! <= at - limit.ms) drop++;
  if (drop > 0) stamps.splice(0, drop);
  const excess = stamps.length + window.running - limit.count + 1;
  if (excess <= 0) return 0;
  if (excess > stamps.length) return Infinity;
  return stamps[excess - 1]! + limit.ms - at;
}

/** Every window has room now, and the longer ones (count over 1) for one more message after it. */
export function roomFor(windows: ChatWindows, at: number): boolean {
  return windows.every(
    ({ window, limit }) =>
      waitOf(window, limit, at) === 0 &&
      (limit.count === 1 || window.stamps.length + window.running + 2 <= limit.count),
  );
}

/**
 * The rate windows of one bot: each chat's (a group's per second and per minute) and the bot's,
 * made on first use. `sweepWhenMany` drops, once there are many, the windows of chats with
 * nothing queued whose sends can no longer delay anything (bounds memory).
 */
export function createWindows(limits: PacingLimits): {
  of(chatId: number | string): ChatWindows;
  sweepWhenMany(now: () => number, hasLane: (chatKey: string) => boolean): void;
} {
  const windows = new Map<string, Window>();
  const bot = windowFor("bot");
  let sweepAt = 1024;

  function windowFor(key: string): Window {
    let w = windows.get(key);
    if (!w) windows.set(key, (w = { stamps: [], running: 0 }));
    return w;
  }

  function sweep(at: number, hasLane: (chatKey: string) => boolean): void {
    const longest = Math.max(limits.groupMinute.ms, limits.privateChat.ms, limits.groupChat.ms);
    for (const [key, w] of windows) {
      if (w === bot || w.running > 0 || hasLane(key.slice(2))) continue;
      if (w.stamps.length === 0 || w.stamps[w.stamps.length - 1]! <= at - longest) windows.delete(key);
    }
    sweepAt = Math.max(1024, windows.size * 2);
  }

  return {
    of(chatId) {
      const key = String(chatId);
      const group = typeof chatId === "number" ? chatId < 0 : key.startsWith("-") || key.startsWith("@");
      return group
        ? [
            { window: windowFor(`c:${key}`), limit: limits.groupChat },
            { window: windowFor(`g:${key}`), limit: limits.groupMinute },
            { window: bot, limit: limits.bot },
          ]
        : [
            { window: windowFor(`c:${key}`), limit: limits.privateChat },
            { window: bot, limit: limits.bot },
          ];
    },
    sweepWhenMany(now, hasLane) {
      if (windows.size > sweepAt) sweep(now(), hasLane);
    },
  };
}
