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

export interface OutgoingPacer {
  /**
   * Runs `call` (a message to `chatId`) as soon as the rates allow: at once when under them. The
   * calls of one chat run one at a time, in the order given.
   */
  run<T>(chatId: number | string, call: () => Promise<T>): Promise<T>;
  /** Calls waiting or running. */
  depth(): number;
  /**
   * A message to `chatId` would go at once, and one more right after it would still fit the
   * chat's longer windows (a group's minute): a streamed answer's placeholder edit may go without
   * delaying the answer beyond the chat's one-second window.
   */
  hasRoom(chatId: number | string): boolean;
}

export interface OutgoingPacerOptions {
  limits?: PacingLimits;
  /** Monotonic clock, ms. */
  now?: () => number;
  /** A call started after waiting `ms` in the queue (0 when it went at once). */
  onStart?: (waitedMs: number) => void;
}

interface Task {
  call: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
}

interface Lane {
  key: string;
  tasks: Task[];
  busy: boolean;
  windows: Array<{ window: Window; limit: RateWindow }>;
}

/** Completed sends (monotonic ms, ascending) and sends still under way (they count as just sent). */
interface Window {
  stamps: number[];
  running: number;
}

/** ms until `window` has room under `limit` at `at` (Infinity: only a running send's end frees it). */
function waitOf(window: Window, limit: RateWindow, at: number): number {
  const { stamps } = window;
  let drop = 0;
  while (drop < stamps.length && stamps[drop]! <= at - limit.ms) drop++;
  if (drop > 0) stamps.splice(0, drop);
  const excess = stamps.length + window.running - limit.count + 1;
  if (excess <= 0) return 0;
  if (excess > stamps.length) return Infinity;
  return stamps[excess - 1]! + limit.ms - at;
}

/**
 * An outgoing queue for one bot that keeps Telegram's rates before Telegram has to refuse (429).
 *
 * Contract: a call goes at once while every window it counts in (its chat's, its group's per
 * minute, the bot's) has room; otherwise it waits until the oldest send in the fullest window
 * leaves it. A send counts from when its answer came back, not from when it left, so the server,
 * which counts it on arrival, never sees it earlier than the queue does. Calls of one chat run one
 * at a time in order (a retried 429 inside a call keeps its place); chats take turns for the
 * bot's budget. A failing call frees its turn like a successful one; its error reaches its caller.
 */
export function createOutgoingPacer(options: OutgoingPacerOptions = {}): OutgoingPacer {
  const limits = options.limits ?? TELEGRAM_RATES;
  const now = options.now ?? (() => performance.now());
  const lanes = new Map<string, Lane>();
  const windows = new Map<string, Window>();
  const bot = windowFor("bot");
  let queued = 0;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let sweepAt = 1024;

  function windowFor(key: string): Window {
    let w = windows.get(key);
    if (!w) windows.set(key, (w = { stamps: [], running: 0 }));
    return w;
  }

  function windowsOf(chatId: number | string): Lane["windows"] {
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
  }

  function laneFor(chatId: number | string): Lane {
    const key = String(chatId);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { key, tasks: [], busy: false, windows: windowsOf(chatId) };
      lanes.set(key, lane);
    }
    return lane;
  }

  function start(lane: Lane, task: Task, at: number): void {
    lane.busy = true;
    queued -= 1;
    running += 1;
    for (const { window } of lane.windows) window.running += 1;
    options.onStart?.(at - task.queuedAt);
    const settle = () => {
      const end = now();
      for (const { window } of lane.windows) {
        window.running -= 1;
        window.stamps.push(end);
      }
      running -= 1;
      lane.busy = false;
      if (lane.tasks.length === 0) lanes.delete(lane.key);
      pump();
    };
    let pending: Promise<unknown>;
    try {
      pending = task.call();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        settle();
        task.resolve(value);
      },
      (error: unknown) => {
        settle();
        task.reject(error);
      },
    );
  }

  /** Drops the windows of chats whose sends can no longer delay anything (bounds memory). */
  function sweep(at: number): void {
    const longest = Math.max(limits.groupMinute.ms, limits.privateChat.ms, limits.groupChat.ms);
    for (const [key, w] of windows) {
      if (w === bot || w.running > 0 || lanes.has(key.slice(2))) continue;
      if (w.stamps.length === 0 || w.stamps[w.stamps.length - 1]! <= at - longest) windows.delete(key);
    }
    sweepAt = Math.max(1024, windows.size * 2);
  }

  function pump(): void {
    const at = now();
    let soonest = Infinity;
    for (const lane of [...lanes.values()]) {
      if (lane.busy || lane.tasks.length === 0) continue;
      const wait = Math.max(...lane.windows.map(({ window, limit }) => waitOf(window, limit, at)));
      if (wait > 0) {
        soonest = Math.min(soonest, wait);
        continue;
      }
      // Round robin: a chat that sent goes to the back of the turn order.
      lanes.delete(lane.key);
      lanes.set(lane.key, lane);
      start(lane, lane.tasks.shift()!, at);
    }
    if (soonest !== Infinity && at + soonest < timerAt) {
      clearTimeout(timer);
      timerAt = at + soonest;
      timer = setTimeout(() => {
        timerAt = Infinity;
        pump();
      }, Math.ceil(soonest));
    }
  }

  return {
    run<T>(chatId: number | string, call: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        laneFor(chatId).tasks.push({
          call,
          resolve: resolve as (value: unknown) => void,
          reject,
          queuedAt: now(),
        });
        queued += 1;
        if (windows.size > sweepAt) sweep(now());
        pump();
      });
    },
    depth: () => queued + running,
    hasRoom(chatId) {
      const lane = lanes.get(String(chatId));
      if (lane && (lane.busy || lane.tasks.length > 0)) return false;
      const at = now();
      return windowsOf(chatId).every(
        ({ window, limit }) =>
          waitOf(window, limit, at) === 0 &&
          (limit.count === 1 || window.stamps.length + window.running + 2 <= limit.count),
      );
    },
  };
}
