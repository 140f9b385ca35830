import type { Logger } from "../log/logger.js";
import { createLeaseStore } from "./lease-store.js";
import { checkLeaseSettings } from "./lease-settings.js";
import { createOwnership, type Ownership } from "./ownership.js";
import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { createReplicaRegistry } from "./replica-registry.js";
import { replicaIdOf } from "./replica-id.js";

export interface ClusterOptions {
  redisUrl: string;
  /** The replicaId setting ("" = host name and pid). */
  replicaId: string;
  leaseTtlMs: number;
  leaseMarginMs: number;
  logger: Logger;
  accounts(): readonly string[];
  onGained(account: string): Promise<void>;
  onLost(account: string, graceful: boolean): Promise<void>;
}

export interface Cluster {
  replica: string;
  ownership: Ownership;
  /** Hands every account over, leaves the replica set, closes the connection. */
  stop(): Promise<void>;
}

/**
 * Joins the cluster: connects to Redis (the leases get their own connection, so a slow journal or
 * pairing command never delays a renewal), and starts the ownership loop.
 */
export async function joinCluster(options: ClusterOptions): Promise<Cluster> {
  checkLeaseSettings(options.leaseTtlMs, options.leaseMarginMs);
  const replica = replicaIdOf(options.replicaId);
  const log = options.logger.child({ component: "cluster", replica });
  const redis: RedisConnection = await connectRedis({
    url: options.redisUrl,
    logger: log,
    name: `wiki-gateway:${replica}:leases`,
    // A command that has not answered within the margin is of no use to a lease.
    commandTimeoutMs: Math.max(200, Math.min(2_000, options.leaseMarginMs)),
  });
  const ownership = createOwnership({
    replica,
    leases: createLeaseStore(redis, { ttlMs: options.leaseTtlMs }),
    registry: createReplicaRegistry(redis, { ttlMs: options.leaseTtlMs }),
    ttlMs: options.leaseTtlMs,
    marginMs: options.leaseMarginMs,
    log,
    accounts: options.accounts,
    onGained: options.onGained,
    onLost: options.onLost,
  });
  ownership.start();
  log.info({ ttlMs: options.leaseTtlMs, marginMs: options.leaseMarginMs }, "joined the cluster");
  return {
    replica,
    ownership,
    async stop() {
      await ownership.stop();
      redis.destroy();
      log.info("left the cluster");
    },
  };
}
