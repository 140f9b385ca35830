import type { ErrorCatalogue } from "../errors.js";

/** Cluster mode's codes: the Redis connection and the accounts' leases (docs/errors.md). */
export const CLUSTER_CODES = {
  "redis-bad-url": {
    meaning: "GATEWAY_REDIS_URL is not a redis: or rediss: URL",
    remedy: "set GATEWAY_REDIS_URL (or --redis-url) to redis://[:password@]host:port[/db]",
  },
  "redis-unreachable": {
    meaning: "Redis cannot be reached (at start, or a heartbeat failed)",
    remedy:
      "start Redis or correct the host and port in GATEWAY_REDIS_URL; check that a firewall lets this host reach it",
  },
  "redis-auth-failed": {
    meaning: "Redis refused the credentials in GATEWAY_REDIS_URL",
    remedy:
      "put the password Redis expects (requirepass or the ACL user's) in GATEWAY_REDIS_URL as redis://:password@host:port, or redis://user:password@host:port",
  },
  "lease-lost": {
    meaning: "this replica no longer owns an account (its lease expired or was taken): it stopped polling it",
    remedy:
      "nothing to change: the replica that owns the account polls it; check that Redis is reachable if this repeats",
  },
  "lease-acquire-failed": {
    meaning: "a lease could not be taken; tried again at the next tick",
    remedy: "check that Redis is up and reachable (GATEWAY_REDIS_URL)",
  },
  "lease-settings-invalid": {
    meaning:
      "GATEWAY_LEASE_TTL_MS and GATEWAY_LEASE_MARGIN_MS leave too little time for a poll between renewals",
    remedy:
      "raise GATEWAY_LEASE_TTL_MS or lower GATEWAY_LEASE_MARGIN_MS so that TTL − 2 × margin − min(TTL/6, 500) is at least 1000",
  },
} as const satisfies ErrorCatalogue;

export type ClusterCode = keyof typeof CLUSTER_CODES;
export type RedisCode = Extract<ClusterCode, `redis-${string}`>;
