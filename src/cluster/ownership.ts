import type { ClusterCode } from "./cluster-codes.js";
import type { PollGate } from "../core/poll-gate.js";
import type { Logger } from "../log/logger.js";
import { createHeldLeases } from "./held-leases.js";
import { leaseGate } from "./lease-gate.js";
import { tickMsOf } from "./lease-settings.js";
import type { LeaseInfo, LeaseStore } from "./lease-store.js";
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
  let replicas: ReplicaSeen[] = [];
  let share: string[] = [];
  let leaseInfo: LeaseInfo[] = [];
  let running = false;
  let stopping = false;
  const held = createHeldLeases({ ...deps, now, wanted: (account) => running && share.includes(account) });
  const heartbeat = createHeartbeat(replica, registry, log);

  async function tick(): Promise<void> {
    const accounts = [...new Set(deps.accounts())].sort();
    const seen = await heartbeat.beat();
    await Promise.all([...held.entries()].map(([account, h]) => held.renew(account, h)));
    if (seen === undefined || stopping) return;
    replicas = seen;
    // A replica that missed beats leaves the live set when its last beat is a TTL old: look then.
    const silent = seen.filter((r) => r.replica !== replica && r.lastSeenMs > 2 * tickMs);
    if (silent.length > 0) ticks.soon(Math.min(...silent.map((r) => ttlMs - r.lastSeenMs)) + 5);
    const assignment = assignAccounts(
      accounts,
      seen.map((s) => s.replica),
    );
    share = [...assignment].filter(([, r]) => r === replica).map(([a]) => a);
    for (const [account, h] of held.entries()) {
      if (assignment.get(account) !== replica)
        held.handOver(
          account,
          h,
          accounts.includes(account) ? "assigned to another replica" : "no longer configured",
        );
    }
    await Promise.all(share.filter((a) => !held.get(a)).map((a) => held.acquire(a)));
    leaseInfo = await leases.inspect(accounts).catch(() => leaseInfo);
  }

  const ticks = createTicks(tickMs, tick, log);

  return {
    start() {
      if (running) return;
      running = true;
      ticks.start();
    },
    gate: (account) =>
      held.get(account)
        ? leaseGate(account, { leases, marginMs, tickMs, now, held: held.get, lose: held.lose })
        : undefined,
    holds: (account) => held.get(account) !== undefined,
    fencingToken: (account) => held.get(account)?.lease.token,
    view() {
      const holding = [...held.entries()].map(([a]) => a).sort();
      return {
        replica,
        replicas,
        share,
        held: holding,
        leases: leaseInfo,
        redisOk: heartbeat.ok(),
        ready: heartbeat.ok() && share.every((a) => held.get(a) !== undefined && !held.get(a)!.handingOver),
      };
    },
    async stop() {
      running = false;
      stopping = true;
      held.close();
      await ticks.stop();
      await registry.leave(replica).catch(() => {});
      for (const [account, h] of held.entries()) held.handOver(account, h, "this replica stops");
      // Keep renewing while the handovers run (a graceful stop may take longer than the TTL).
      const renewing = setInterval(() => {
        for (const [account, h] of held.entries()) void held.renew(account, h);
      }, tickMs);
      try {
        await held.settled();
      } finally {
        clearInterval(renewing);
      }
    },
  };
}

/** The heartbeat: the live replicas, or undefined when Redis does not answer (said once per outage). */
function createHeartbeat(
  replica: string,
  registry: ReplicaRegistry,
  log: Logger,
): { beat(): Promise<ReplicaSeen[] | undefined>; ok(): boolean } {
  let redisOk = false;
  let redisDownLogged = false;
  return {
    async beat() {
      try {
        const seen = await registry.beat(replica);
        if (!redisOk && redisDownLogged) log.info({ replica }, "Redis answers again; leases resume");
        redisOk = true;
        redisDownLogged = false;
        return seen;
      } catch (error) {
        redisOk = false;
        if (!redisDownLogged) {
          redisDownLogged = true;
          log.warn(
            { replica, err: error, code: "redis-unreachable" satisfies ClusterCode },
            "heartbeat failed; each held account stops at its lease's local deadline unless Redis answers",
          );
        }
        return undefined;
      }
    },
    ok: () => redisOk,
  };
}

/**
 * The tick loop: one tick at a time, the next tickMs after one ends; `soon(ms)` brings the next one
 * forward (once until it runs). `stop` ends the loop and waits for a tick under way.
 */
function createTicks(
  tickMs: number,
  tick: () => Promise<void>,
  log: Logger,
): { start(): void; soon(ms: number): void; stop(): Promise<void> } {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let early: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
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
  return {
    start() {
      running = true;
      loop();
    },
    soon(ms) {
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
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      clearTimeout(early);
      await ticking;
    },
  };
}
