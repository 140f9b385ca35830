import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { DaemonProcess } from "./daemon.js";
import { type RedisServer, startRedisServer } from "./redis-server.js";
import { type Stack, type StackOptions, startStack } from "./stack.js";

/**
 * Cluster mode end to end: replica daemons (child processes) sharing the sandbox's bots through a
 * real Redis, with short leases. The sandbox answers 409 to a getUpdates that ends another pending
 * one (two pollers of one bot), so a 409 in its call log is a double poller.
 */
export const ACCOUNTS = ["support", "sales", "hr", "it", "ops", "legal", "dev"];
export const TTL = 3_000;
export const MARGIN = 300;
export const POLL_SECONDS = 2;
export const TICK = 1_000;

export interface Replica {
  id: string;
  daemon: DaemonProcess;
}

export async function statusOf(
  replica: Replica,
): Promise<{ accounts: Array<{ account: string; status: string }> }> {
  const res = await fetch(`${replica.daemon.httpUrl}/status`);
  return (await res.json()) as { accounts: Array<{ account: string; status: string }> };
}

/** Account → the replica that polls it, for the replicas still alive. */
export async function pollers(replicas: Replica[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of replicas) {
    if (r.daemon.child.exitCode !== null || r.daemon.child.signalCode !== null) continue;
    const body = await statusOf(r).catch(() => ({ accounts: [] }));
    for (const a of body.accounts)
      if (a.status === "polling") out.set(a.account, [...(out.get(a.account) ?? []), r.id]);
  }
  return out;
}

export async function settled(replicas: Replica[]): Promise<boolean> {
  const p = await pollers(replicas);
  return ACCOUNTS.every((a) => p.get(a)?.length === 1);
}

/** The environment of replica `id`: the Redis URL, short leases, its own (new) state directory. */
export function replicaEnv(s: Stack, r: RedisServer, id: string, incarnation = 1): Record<string, string> {
  const stateDir = join(s.dir, `state-${id}-${incarnation}`);
  mkdirSync(stateDir, { recursive: true });
  return {
    GATEWAY_REDIS_URL: r.url,
    GATEWAY_REPLICA_ID: id,
    GATEWAY_STATE_DIR: stateDir,
    GATEWAY_LEASE_TTL_MS: String(TTL),
    GATEWAY_LEASE_MARGIN_MS: String(MARGIN),
    LOG_LEVEL: "info",
  };
}

/** Starts replicas gw-1 … gw-<count>, one after the other. */
export async function startReplicas(s: Stack, r: RedisServer, count: number): Promise<Replica[]> {
  const replicas: Replica[] = [];
  for (let i = 1; i <= count; i++) {
    const id = `gw-${i}`;
    replicas.push({ id, daemon: await s.startDaemon({ env: replicaEnv(s, r, id) }) });
  }
  return replicas;
}

/**
 * For a test file: an afterEach that closes what the returned `start` opened (a Redis server and
 * a stack), and `start` itself.
 */
export function useClusterStack(): (options?: StackOptions) => Promise<{ stack: Stack; redis: RedisServer }> {
  const opened: Array<{ stack: Stack; redis: RedisServer }> = [];
  afterEach(async () => {
    for (const { stack, redis } of opened.splice(0)) {
      await stack.close();
      await redis.close();
    }
  });
  return async (options = {}) => {
    const redis = await startRedisServer();
    const stack = await startStack(options);
    opened.push({ stack, redis });
    return { stack, redis };
  };
}

export function repliesPerMessage(s: Stack): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of ACCOUNTS) {
    for (const m of s.telegram.sent({ bot: s.bots[name]!.username })) {
      if (m.replyToMessageId === undefined) continue;
      const key = `${name}:${m.replyToMessageId}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

export const conflicts = (s: Stack) =>
  s.telegram.calls({ method: "getUpdates" }).filter((c) => c.status === 409);

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
