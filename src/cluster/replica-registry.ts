import { type RedisKeys, redisKeys } from "./redis-keys.js";
import { NOW_MS, type ScriptRunner } from "./redis-scripts.js";

/** A live replica and how long ago (Redis clock) it last beat. */
export interface ReplicaSeen {
  replica: string;
  lastSeenMs: number;
}

export interface ReplicaRegistry {
  /** Records this replica's heartbeat, drops replicas silent for longer than the TTL, lists the live ones. */
  beat(replica: string): Promise<ReplicaSeen[]>;
  /** Removes this replica at once (a graceful stop), so the others take its share without waiting. */
  leave(replica: string): Promise<void>;
}

// KEYS: the sorted set of replicas by last beat (Redis ms). ARGV: replica, ttl ms.
const BEAT = `${NOW_MS}
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
local seen = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
table.insert(seen, 1, now)
return seen`;

/**
 * Replica heartbeats in one sorted set (`replicas` of `redis-keys.ts`), scored by the Redis server's clock: a
 * replica is live while its last beat is younger than the TTL. One clock for all, so the replicas'
 * own clocks never decide who is alive.
 */
export function createReplicaRegistry(
  redis: ScriptRunner & { zRem(key: string, member: string): Promise<unknown> },
  options: { ttlMs: number; keys?: RedisKeys },
): ReplicaRegistry {
  const key = (options.keys ?? redisKeys()).replicas;
  return {
    async beat(replica) {
      const reply = (await redis.eval(BEAT, {
        keys: [key],
        arguments: [replica, String(options.ttlMs)],
      })) as unknown[];
      const now = Number(reply[0]);
      const out: ReplicaSeen[] = [];
      for (let i = 1; i + 1 < reply.length; i += 2)
        out.push({ replica: String(reply[i]), lastSeenMs: Math.max(0, now - Number(reply[i + 1])) });
      return out;
    },
    async leave(replica) {
      await redis.zRem(key, replica);
    },
  };
}
