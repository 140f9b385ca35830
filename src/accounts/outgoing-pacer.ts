import {
  type ChatWindows,
  createWindows,
  type PacingLimits,
  roomFor,
  TELEGRAM_RATES,
  waitOf,
} from "./rate-windows.js";

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
  windows: ChatWindows;
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
  const windows = createWindows(limits);
  const windowsOf = windows.of;
  let queued = 0;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

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
    promised(task.call).then(
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
        windows.sweepWhenMany(now, (chatKey) => lanes.has(chatKey));
        pump();
      });
    },
    depth: () => queued + running,
    hasRoom(chatId) {
      const lane = lanes.get(String(chatId));
      if (lane && (lane.busy || lane.tasks.length > 0)) return false;
      return roomFor(windowsOf(chatId), now());
    },
  };
}

/** The call's promise; a call that throws at once counts as one that rejects. */
function promised(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return call();
  } catch (error) {
    return Promise.reject(error);
  }
}
