import type { ClusterCode } from "./cluster-codes.js";
import type { PollGate, PollPermit } from "../core/poll-gate.js";
import type { Logger } from "../log/logger.js";
import { LeaseLostError } from "./lease-lost-error.js";
import { tickMsOf } from "./lease-settings.js";
import type { Lease, LeaseInfo, LeaseStore } from "./lease-store.js";
import type { ReplicaRegistry, ReplicaSeen } from "./replica-registry.js";
import { assignAccounts } from "./rendezvous.js";

export interface OwnershipDeps {
  replica: string;
  leases: LeaseStore;
  registry: ReplicaRegistry;
  /** Lease and heartbeat TTL. */
  ttlMs: number;
  /** Clock drift between this host and Redis over one TTL, plus the network delay of one request. */
  marginMs: number;
  log: Logger;
  /** The accounts the cluster runs (enabled, with a token, from gateway.json), read at each tick. */
  accounts(): readonly string[];
  /** The lease was taken: start the account (its polls go through `gate(account)`). */
  onGained(account: string): Promise<void>;
  /**
   * Stop the account's polling and handlers. `graceful`: the lease is still held (a handover), so
   * the offsets may be confirmed through the gate; it is released once this resolves.
   */
  onLost(account: string, graceful: boolean): Promise<void>;
  /** Monotonic milliseconds (tests drive it). */
  now?: () => number;
}

/** What /status, /metrics and /readyz show of cluster mode. */
export interface OwnershipView {
  replica: string;
  /** Live replicas (heartbeat younger than the TTL) and how long ago each beat, at the last tick. */
  replicas: ReplicaSeen[];
  /** The accounts this replica should own among the live replicas (rendezvous). */
  share: string[];
  /** The accounts whose lease this replica holds now. */
  held: string[];
  /** Every account's lease as Redis had it at the last tick. */
  leases: LeaseInfo[];
  /** Redis answered the last heartbeat. */
  redisOk: boolean;
  /** Holds its whole share (or has nothing to own) and Redis answers. */
  ready: boolean;
}

export interface Ownership {
  /** Starts the heartbeat and lease loop (one tick at once). */
  start(): void;
  /** The poll gate of an account this replica holds (the pool asks when it starts the account). */
  gate(account: string): PollGate | undefined;
  holds(account: string): boolean;
  /** The fencing token of the account's lease while this replica holds it (a re-take gives a new one). */
  fencingToken(account: string): number | undefined;
  view(): OwnershipView;
  /** Leaves the cluster: hands every held account over (onLost graceful, then release). */
  stop(): Promise<void>;
}

interface Held {
  lease: Lease;
  /** Local deadline: polling must have ended by then (renew start + TTL − margin). */
  deadline: number;
  handingOver: boolean;
  controller: AbortController;
  timer: NodeJS.Timeout | undefined;
  /** Woken at each renewal and at the loss. */
  waiters: Set<() => void>;
}

/** Shortest long poll worth starting; below it the gate waits for the next renewal. */
const MIN_POLL_MS = 1_000;

/**
 * Account ownership by lease. Each tick (every TTL/6, at most 0.5 s): heartbeat, renew every held
 * lease, hand over what the rendezvous assignment gives to another live replica, and try to take
 * what it gives to this one. A lease still held by another replica is tried again the moment it
 * would expire, and a silent replica is looked at again the moment its heartbeat would age out,
 * so a dead replica's accounts move about one TTL after its last renewal.
 *
 * Timing contract: a lease renewed by a request sent at local time t0 lives in Redis until at
 * least t0 + TTL. Locally it counts only until t0 + TTL − margin (the deadline); the gate admits a
 * getUpdates only with a long-poll timeout that ends a margin before the deadline, and aborts the
 * call at the deadline. A renewal that fails or does not answer leaves the deadline where it was,
 * and at the deadline the account is stopped. So this replica's polls end before the lease can
 * expire, and no other replica can take it before it expires.
 */
export function createOwnership(deps: OwnershipDeps): Ownership {
  const { replica, leases, registry, ttlMs, marginMs, log } = deps;
  const now = deps.now ?? (() => performance.now());
  const tickMs = tickMsOf(ttlMs);
  const held = new Map<string, Held>();
  let replicas: ReplicaSeen[] = [];
  let share: string[] = [];
  let leaseInfo: LeaseInfo[] = [];
  let redisOk = false;
  let redisDownLogged = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopping = false;
  let ticking: Promise<void> | undefined;
  const pending = new Set<Promise<void>>();

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const wake = (h: Held) => {
    for (const w of h.waiters) w();
    h.waiters.clear();
  };
  const arm = (account: string, h: Held) => {
    clearTimeout(h.timer);
    h.timer = setTimeout(
      () => {
        if (held.get(account) === h && now() >= h.deadline)
          lose(account, h, "not renewed before its local deadline");
        else if (held.get(account) === h) arm(account, h);
      },
      Math.max(0, h.deadline - now()),
    );
    h.timer.unref?.();
  };

  /** The lease is gone (or may be): stop polling at once; nothing to release. */
  function lose(account: string, h: Held, reason: string): void {
    if (held.get(account) !== h) return;
    held.delete(account);
    clearTimeout(h.timer);
    h.controller.abort(new LeaseLostError(account, reason));
    wake(h);
    log.warn(
      { account, fencingToken: h.lease.token, reason, code: "lease-lost" satisfies ClusterCode },
      "lease lost; polling stopped",
    );
    track(deps.onLost(account, false).catch((error) => log.error({ account, err: error }, "stop failed")));
  }

  /** A planned move: stop gracefully while still holding the lease, then release it. */
  function handOver(account: string, h: Held, reason: string): void {
    if (h.handingOver) return;
    h.handingOver = true;
    log.info({ account, fencingToken: h.lease.token, reason }, "handing the account over");
    track(
      (async () => {
        try {
          await deps.onLost(account, true);
        } catch (error) {
          log.error({ account, err: error }, "stop before the handover failed");
        }
        if (held.get(account) !== h) return;
        held.delete(account);
        clearTimeout(h.timer);
        h.controller.abort(new LeaseLostError(account, "handed over"));
        wake(h);
        await leases.release(h.lease).catch(() => {});
        log.info({ account, fencingToken: h.lease.token }, "lease released");
      })(),
    );
  }

  /** Tries again when the holder's lease would expire, if the account is still this replica's. */
  const retries = new Map<string, NodeJS.Timeout>();
  const retryAt = (account: string, ms: number) => {
    if (retries.has(account)) return;
    const t = setTimeout(() => {
      retries.delete(account);
      if (running && share.includes(account) && !held.has(account))
        void acquire(account).catch(acquireFailed);
    }, ms);
    t.unref?.();
    retries.set(account, t);
  };

  /** A failed acquisition is tried again at the next tick; said once until one succeeds. */
  let acquireFailLogged = false;
  const acquireFailed = (error: unknown): void => {
    if (acquireFailLogged) return;
    acquireFailLogged = true;
    log.warn(
      { err: error, code: "lease-acquire-failed" satisfies ClusterCode },
      "could not take a lease; tried again at the next tick (check Redis: GATEWAY_REDIS_URL)",
    );
  };

  const acquiring = new Set<string>();
  async function acquire(account: string): Promise<void> {
    if (acquiring.has(account) || held.has(account)) return;
    acquiring.add(account);
    try {
      await take(account);
    } finally {
      acquiring.delete(account);
    }
  }

  async function take(account: string): Promise<void> {
    const t0 = now();
    const lease = await leases.acquire(account, replica);
    acquireFailLogged = false;
    if ("busyMs" in lease) return retryAt(account, lease.busyMs + 5);
    if (stopping) {
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

  async function renew(account: string, h: Held): Promise<void> {
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
  }

  async function tick(): Promise<void> {
    const accounts = [...new Set(deps.accounts())].sort();
    let seen: ReplicaSeen[] | undefined;
    try {
      seen = await registry.beat(replica);
      if (!redisOk && redisDownLogged) log.info({ replica }, "Redis answers again; leases resume");
      redisOk = true;
      redisDownLogged = false;
    } catch (error) {
      redisOk = false;
      if (!redisDownLogged) {
        redisDownLogged = true;
        log.warn(
          { replica, err: error, code: "redis-unreachable" satisfies ClusterCode },
          "heartbeat failed; each held account stops at its lease's local deadline unless Redis answers",
        );
      }
    }
    await Promise.all([...held].map(([account, h]) => renew(account, h)));
    if (seen === undefined || stopping) return;
    replicas = seen;
    // A replica that missed beats leaves the live set when its last beat is a TTL old: look then.
    const silent = seen.filter((r) => r.replica !== replica && r.lastSeenMs > 2 * tickMs);
    if (silent.length > 0) soon(Math.min(...silent.map((r) => ttlMs - r.lastSeenMs)) + 5);
    const assignment = assignAccounts(
      accounts,
      seen.map((s) => s.replica),
    );
    share = [...assignment].filter(([, r]) => r === replica).map(([a]) => a);
    for (const [account, h] of held) {
      if (assignment.get(account) !== replica)
        handOver(
          account,
          h,
          accounts.includes(account) ? "assigned to another replica" : "no longer configured",
        );
    }
    await Promise.all(share.filter((a) => !held.has(a)).map((a) => acquire(a).catch(acquireFailed)));
    leaseInfo = await leases.inspect(accounts).catch(() => leaseInfo);
  }

  let early: NodeJS.Timeout | undefined;
  const soon = (ms: number) => {
    if (early) return;
    early = setTimeout(
      () => {
        early = undefined;
        if (running && !ticking) {
          clearTimeout(timer);
          loop();
        }
      },
      Math.max(0, ms),
    );
    early.unref?.();
  };
  const loop = () => {
    if (!running) return;
    ticking = tick()
      .catch((error) => log.error({ err: error }, "lease tick failed"))
      .finally(() => {
        ticking = undefined;
        if (running) {
          timer = setTimeout(loop, tickMs);
          timer.unref?.();
        }
      });
  };

  function gate(account: string): PollGate | undefined {
    if (!held.has(account)) return undefined;
    return {
      async admit(requestedTimeoutSeconds: number): Promise<PollPermit> {
        for (;;) {
          const h = held.get(account);
          if (!h) throw new LeaseLostError(account, "not held");
          let pttl: number | undefined | null;
          try {
            pttl = await leases.check(h.lease);
          } catch {
            pttl = null; // Redis did not answer: wait for a renewal or the deadline
          }
          if (held.get(account) !== h) throw new LeaseLostError(account, "lost during the check");
          if (pttl === undefined) {
            lose(account, h, "the fencing token is no longer the latest");
            throw new LeaseLostError(account, "fenced");
          }
          const remaining = h.deadline - now() - marginMs;
          if (pttl !== null && remaining >= MIN_POLL_MS) {
            return {
              timeoutSeconds: Math.max(0, Math.min(requestedTimeoutSeconds, Math.floor(remaining / 1000))),
              signal: h.controller.signal,
            };
          }
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, Math.max(50, Math.min(tickMs, h.deadline - now())));
            h.waiters.add(() => {
              clearTimeout(t);
              resolve();
            });
          });
        }
      },
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop();
    },
    gate,
    holds: (account) => held.has(account),
    fencingToken: (account) => held.get(account)?.lease.token,
    view() {
      const holding = [...held.keys()].sort();
      return {
        replica,
        replicas,
        share,
        held: holding,
        leases: leaseInfo,
        redisOk,
        ready: redisOk && share.every((a) => held.has(a) && !held.get(a)!.handingOver),
      };
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      clearTimeout(early);
      for (const t of retries.values()) clearTimeout(t);
      await ticking;
      await registry.leave(replica).catch(() => {});
      for (const [account, h] of held) handOver(account, h, "this replica stops");
      // Keep renewing while the handovers run (a graceful stop may take longer than the TTL).
      const renewing = setInterval(() => {
        for (const [account, h] of held) void renew(account, h);
      }, tickMs);
      try {
        while (pending.size > 0) await Promise.all([...pending]);
      } finally {
        clearInterval(renewing);
      }
    },
  };
}
