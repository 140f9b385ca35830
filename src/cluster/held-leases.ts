import type { Logger } from "../log/logger.js";
import type { ClusterCode } from "./cluster-codes.js";
import { LeaseLostError } from "./lease-lost-error.js";
import type { Lease, LeaseStore } from "./lease-store.js";

/** One account whose lease this replica holds. */
export interface Held {
  lease: Lease;
  /** Local deadline: polling must have ended by then (renew start + TTL − margin). */
  deadline: number;
  handingOver: boolean;
  controller: AbortController;
  timer: NodeJS.Timeout | undefined;
  /** Woken at each renewal and at the loss. */
  waiters: Set<() => void>;
}

export interface HeldLeasesDeps {
  replica: string;
  leases: LeaseStore;
  ttlMs: number;
  marginMs: number;
  log: Logger;
  now: () => number;
  onGained(account: string): Promise<void>;
  onLost(account: string, graceful: boolean): Promise<void>;
  /** Whether a lease still held by another replica is worth trying again when it would expire. */
  wanted(account: string): boolean;
}

/** The leases this replica holds, and the moves of one: take, renew, lose, hand over. */
export interface HeldLeases {
  get(account: string): Held | undefined;
  entries(): IterableIterator<[string, Held]>;
  /** Takes the account's lease unless held or being taken; a failure is logged once, never thrown. */
  acquire(account: string): Promise<void>;
  /** Renews one lease: its deadline moves on, or it is lost when Redis says it is gone. */
  renew(account: string, h: Held): Promise<void>;
  /** The lease is gone (or may be): stop polling at once; nothing to release. */
  lose(account: string, h: Held, reason: string): void;
  /** A planned move: stop gracefully while still holding the lease, then release it. */
  handOver(account: string, h: Held, reason: string): void;
  /** No more retries; a lease taken from now on is released at once. */
  close(): void;
  /** Resolves once every start and stop begun has ended (including those begun meanwhile). */
  settled(): Promise<void>;
}

/**
 * The held leases of createOwnership. A lease renewed by a request sent at local time t0 counts
 * locally until t0 + TTL − margin (the deadline); a timer at the deadline stops the account when no
 * renewal moved it. A renewal that fails leaves the deadline where it was.
 */
export function createHeldLeases(deps: HeldLeasesDeps): HeldLeases {
  const { leases, ttlMs, marginMs, log, now } = deps;
  const held = new Map<string, Held>();
  const work = createTracker();
  const track = work.track;
  let closed = false;

  const wake = (h: Held) => {
    for (const w of h.waiters) w();
    h.waiters.clear();
  };
  const release = (account: string, h: Held, reason: string) => {
    held.delete(account);
    clearTimeout(h.timer);
    h.controller.abort(new LeaseLostError(account, reason));
    wake(h);
  };
  const arm = (account: string, h: Held) =>
    armDeadline(
      h,
      now,
      () => held.get(account) === h && lose(account, h, "not renewed before its local deadline"),
    );

  function lose(account: string, h: Held, reason: string): void {
    if (held.get(account) !== h) return;
    release(account, h, reason);
    log.warn(
      { account, fencingToken: h.lease.token, reason, code: "lease-lost" satisfies ClusterCode },
      "lease lost; polling stopped",
    );
    track(deps.onLost(account, false).catch((error) => log.error({ account, err: error }, "stop failed")));
  }

  function handOver(account: string, h: Held, reason: string): void {
    if (h.handingOver) return;
    h.handingOver = true;
    log.info({ account, fencingToken: h.lease.token, reason }, "handing the account over");
    track(
      stopGracefully(deps, account).then(async () => {
        if (held.get(account) !== h) return;
        release(account, h, "handed over");
        await leases.release(h.lease).catch(() => {});
        log.info({ account, fencingToken: h.lease.token }, "lease released");
      }),
    );
  }

  const taking = createTaking(deps, (account) => held.has(account), adopt);

  /** A lease just taken (requested at t0) becomes held, and the account starts. */
  async function adopt(account: string, lease: Lease, t0: number): Promise<void> {
    if (closed) {
      await leases.release(lease).catch(() => {});
      return;
    }
    const h: Held = {
      lease,
      deadline: t0 + ttlMs - marginMs,
      handingOver: false,
      controller: new AbortController(),
      timer: undefined,
      waiters: new Set(),
    };
    held.set(account, h);
    arm(account, h);
    log.info({ account, fencingToken: lease.token }, "lease acquired; starting the account");
    track(deps.onGained(account).catch((error) => log.error({ account, err: error }, "start failed")));
  }

  return {
    get: (account) => held.get(account),
    entries: () => held.entries(),
    acquire: taking.acquire,
    async renew(account, h) {
      const t0 = now();
      let ok: boolean;
      try {
        ok = await leases.renew(h.lease);
      } catch {
        return; // the deadline stands; its timer stops the account if no renewal comes in time
      }
      if (held.get(account) !== h) return;
      if (!ok) return lose(account, h, "the lease is gone or held by another replica");
      h.deadline = Math.max(h.deadline, t0 + ttlMs - marginMs);
      arm(account, h);
      wake(h);
    },
    lose,
    handOver,
    close() {
      closed = true;
      taking.close();
    },
    settled: work.settled,
  };
}

/** A handover's stop (the lease still held); its failure is logged, and the lease released all the same. */
async function stopGracefully(deps: HeldLeasesDeps, account: string): Promise<void> {
  try {
    await deps.onLost(account, true);
  } catch (error) {
    deps.log.error({ account, err: error }, "stop before the handover failed");
  }
}

/** Sets the timer of the held lease's local deadline: `reached` runs once the deadline has passed. */
function armDeadline(h: Held, now: () => number, reached: () => void): void {
  clearTimeout(h.timer);
  h.timer = setTimeout(
    () => (now() >= h.deadline ? reached() : armDeadline(h, now, reached)),
    Math.max(0, h.deadline - now()),
  );
  h.timer.unref?.();
}

/**
 * Taking leases: one attempt per account at a time; a lease another replica holds is tried again
 * the moment it would expire (if still wanted); a failure is said once until an attempt succeeds.
 */
function createTaking(
  deps: HeldLeasesDeps,
  skip: (account: string) => boolean,
  adopt: (account: string, lease: Lease, t0: number) => Promise<void>,
): { acquire(account: string): Promise<void>; close(): void } {
  const acquiring = new Set<string>();
  const retries = new Map<string, NodeJS.Timeout>();
  let failLogged = false;
  const failed = (error: unknown): void => {
    if (failLogged) return;
    failLogged = true;
    deps.log.warn(
      { err: error, code: "lease-acquire-failed" satisfies ClusterCode },
      "could not take a lease; tried again at the next tick (check Redis: GATEWAY_REDIS_URL)",
    );
  };
  const retryAt = (account: string, ms: number) => {
    if (retries.has(account)) return;
    const t = setTimeout(() => {
      retries.delete(account);
      if (deps.wanted(account) && !skip(account)) void acquire(account);
    }, ms);
    t.unref?.();
    retries.set(account, t);
  };
  async function acquire(account: string): Promise<void> {
    if (acquiring.has(account) || skip(account)) return;
    acquiring.add(account);
    try {
      const t0 = deps.now();
      const lease = await deps.leases.acquire(account, deps.replica);
      failLogged = false;
      if ("busyMs" in lease) retryAt(account, lease.busyMs + 5);
      else await adopt(account, lease, t0);
    } catch (error) {
      failed(error);
    } finally {
      acquiring.delete(account);
    }
  }
  return {
    acquire,
    close() {
      for (const t of retries.values()) clearTimeout(t);
    },
  };
}

/** Work begun in the background, and a wait for all of it (including work begun meanwhile). */
function createTracker(): { track(work: Promise<void>): void; settled(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    track(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
