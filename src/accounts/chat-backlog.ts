/** One update held until its chat's turn. */
export interface BacklogEntry {
  /** Its chat (the lane it waits in); an update without a chat takes a lane of its own. */
  chat: string;
  /** A question, whose answer may be turned away when its chat is over capacity (not a tap, reaction…). */
  question: boolean;
  /**
   * Runs the update. `over`: it came when its chat already held more questions than can be
   * answered within the bound; it is run at once, out of its chat's order, and its answer is not
   * sent (its asker is told instead). Must not reject.
   */
  run(over: boolean): Promise<void>;
}

/** A chat with updates waiting, as /status and /metrics show it. */
export interface ChatBacklogView {
  chatId: string;
  /** Updates waiting for their turn (the one running not counted). */
  waiting: number;
  /** Seconds the oldest of them has waited. */
  oldestWaitSeconds: number;
}

export interface BacklogView {
  /** Updates waiting in every chat of the account; at most `limit` are held. */
  waiting: number;
  /** Updates running now (at most the account's concurrency). */
  running: number;
  limit: number;
  oldestWaitSeconds: number;
  /** The chats with the most waiting, most first (at most 20). */
  chats: ChatBacklogView[];
}

export interface ChatBacklog {
  /**
   * Holds `entry` until its turn. Resolves once it is held: at once, unless the account already
   * holds `limit` updates; then when one left (the caller, the runner, stops fetching meanwhile).
   */
  add(entry: BacklogEntry): Promise<void>;
  /** Updates held and not yet running. */
  waiting(): number;
  running(): number;
  view(): BacklogView;
  /**
   * Starts nothing more (a stop whose deadline passed): what is held stays unstarted, as it is in
   * the journal, for the next start or owner; a caller waiting for room is let go. Idempotent.
   */
  close(): void;
}

export interface ChatBacklogOptions {
  /** Updates run at once across the account's chats (one chat runs one at a time). */
  concurrency: number;
  /** Most updates held in memory, waiting, per account. */
  limit: number;
  /** How many questions of `chat` can wait and still be answered within the bound (Infinity: no bound). */
  capacity: (chat: string) => number;
  /** A chat's last held update ended: its backlog is gone. */
  onIdle?: (chat: string) => void;
  /** Monotonic clock, ms. */
  now?: () => number;
}

interface Held {
  entry: BacklogEntry;
  at: number;
  over: boolean;
}

interface Lane {
  chat: string;
  held: Held[];
  busy: boolean;
}

/** Most chats listed in a view. */
const VIEW_CHATS = 20;

/**
 * The updates of one account between their arrival and their turn, so that waiting for a chat's
 * turn (its earlier updates, Telegram's pace) never holds up fetching or the other chats.
 *
 * Contract: one chat runs one update at a time, in arrival order; chats with updates ready take
 * turns round robin for the account's `concurrency`, so a chat with a backlog gets one of them,
 * never all. A question that arrives while its chat already holds `capacity(chat)` others is over
 * capacity: it runs in a lane of its own (`run(true)`), never behind the ones that can still be
 * answered in time; such questions take at most a quarter of the concurrency (they wait for their
 * asker's notice), so the other chats always find room. The updates held are only what the journal also stores:
 * a crash loses none of them (they are replayed).
 */
export function createChatBacklog(options: ChatBacklogOptions): ChatBacklog {
  const now = options.now ?? (() => performance.now());
  const lanes = new Map<string, Lane>();
  /** Lanes with an update ready and none running, in the order they take their turns. */
  const ready: Lane[] = [];
  /** Questions over capacity, each in a lane of its own, in the order they came. */
  const overReady: Lane[] = [];
  /** Their share of the concurrency: they wait for their asker's notice, and must leave room to the rest. */
  const overShare = Math.max(1, Math.floor(options.concurrency / 4));
  let overRunning = 0;
  const roomWaiters: Array<() => void> = [];
  let waiting = 0;
  let running = 0;
  let closed = false;

  function laneOf(chat: string): Lane {
    let lane = lanes.get(chat);
    if (!lane) lanes.set(chat, (lane = { chat, held: [], busy: false }));
    return lane;
  }

  function hold(entry: BacklogEntry): void {
    const shared = lanes.get(entry.chat);
    const over = entry.question && (shared?.held.length ?? 0) >= options.capacity(entry.chat);
    const lane = over ? { chat: entry.chat, held: [], busy: false } : laneOf(entry.chat);
    lane.held.push({ entry, at: now(), over });
    waiting += 1;
    if (over) overReady.push(lane);
    else if (!lane.busy && lane.held.length === 1) ready.push(lane);
    pump();
  }

  function pump(): void {
    while (!closed && running < options.concurrency) {
      const overAllowed = overRunning < overShare && overReady.length > 0;
      const lane = overAllowed && (ready.length === 0 || overFirst()) ? overReady.shift() : ready.shift();
      if (!lane) break;
      if (lane.held[0]!.over) overRunning += 1;
      const next = lane.held.shift()!;
      lane.busy = true;
      waiting -= 1;
      running += 1;
      void next.entry.run(next.over).finally(() => finish(lane, next.over));
    }
    // Room freed: the updates waiting for it are held, in the order they came.
    while (waiting < options.limit && roomWaiters.length > 0) roomWaiters.shift()!();
  }

  /** Whether the oldest question over capacity came before the next lane's update (arrival order). */
  function overFirst(): boolean {
    return overReady[0]!.held[0]!.at <= (ready[0]?.held[0]?.at ?? Infinity);
  }

  function finish(lane: Lane, over: boolean): void {
    running -= 1;
    if (over) overRunning -= 1;
    lane.busy = false;
    if (lane.held.length > 0) ready.push(lane);
    else if (!over && lanes.get(lane.chat) === lane) {
      lanes.delete(lane.chat);
      options.onIdle?.(lane.chat);
    }
    pump();
  }

  return {
    add(entry) {
      if (closed) return Promise.resolve();
      if (waiting < options.limit && roomWaiters.length === 0) {
        hold(entry);
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        roomWaiters.push(() => {
          hold(entry);
          resolve();
        });
      });
    },
    waiting: () => (closed ? 0 : waiting + roomWaiters.length),
    running: () => running,
    close() {
      closed = true;
      for (const letGo of roomWaiters.splice(0)) letGo();
    },
    view: () =>
      backlogView([...lanes.values()], {
        waiting: waiting + roomWaiters.length,
        running,
        limit: options.limit,
        at: now(),
      }),
  };
}

/** The backlog as /status and /metrics show it: the counts, and the chats with the most waiting. */
function backlogView(
  lanes: readonly Lane[],
  counts: { waiting: number; running: number; limit: number; at: number },
): BacklogView {
  const ageOf = (lane: Lane) => (lane.held.length > 0 ? (counts.at - lane.held[0]!.at) / 1000 : 0);
  const chats = lanes
    .filter((lane) => lane.held.length > 0)
    .sort((a, b) => b.held.length - a.held.length)
    .map((lane) => ({
      chatId: lane.chat,
      waiting: lane.held.length,
      oldestWaitSeconds: round(ageOf(lane)),
    }));
  return {
    waiting: counts.waiting,
    running: counts.running,
    limit: counts.limit,
    oldestWaitSeconds: Math.max(0, ...chats.map((c) => c.oldestWaitSeconds)),
    chats: chats.slice(0, VIEW_CHATS),
  };
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
