import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccountBot } from "../../src/accounts/account-bot.js";
import { openRedisStores } from "../../src/app/redis-stores.js";
import type { SharedStores } from "../../src/app/shared-stores.js";
import { createLeaseStore } from "../../src/cluster/lease-store.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { loadSettings } from "../../src/config/settings.js";
import { createLogger } from "../../src/log/logger.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { textUpdate } from "../unit/accounts/fixtures.js";

/** Cluster mode's journals are fenced by the lease token the ownership holds, read at each write. */
describeWhere("redis", "the cluster journal fenced by the lease", () => {
  let redis: RedisServer;
  let client: RedisConnection;
  let stores: SharedStores;
  let telegram: Server;
  let apiRoot = "";
  let nextId = 1;
  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connectRedis({ url: redis.url });
    const settings = loadSettings([], { GATEWAY_REDIS_URL: redis.url, GATEWAY_REPLICA_ID: "gw-a" });
    stores = await openRedisStores(settings, createLogger({ level: "silent" }));
    // A Bot API stand-in: every getUpdates returns one new update.
    telegram = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ok: true, result: [textUpdate(nextId++)] }));
    });
    await new Promise<void>((resolve) => telegram.listen(0, "127.0.0.1", resolve));
    apiRoot = `http://127.0.0.1:${(telegram.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await stores?.close();
    client?.destroy();
    telegram?.close();
    await redis?.close();
  });

  it("a replica whose lease was taken over cannot journal: its getUpdates rejects before the batch is handled", async () => {
    const leases = createLeaseStore(client, { ttlMs: 300 });
    // A fresh Redis grants nothing for one TTL: wait for it.
    const take = async (replica: string) => {
      for (;;) {
        const lease = await leases.acquire("support", replica);
        if (!("busyMs" in lease)) return lease;
        await new Promise((resolve) => setTimeout(resolve, lease.busyMs + 5));
      }
    };
    const first = await take("gw-a");
    let token: number | undefined = first.token;
    const journal = stores.journalFor!("support", () => token);
    await journal.ready();
    const bot = createAccountBot({ account: "support", token: "1:test", apiRoot, journal });

    expect(await bot.api.getUpdates({ timeout: 0 })).toHaveLength(1);

    // The lease expires unseen and another replica takes it: a newer token in the fence key.
    await leases.release(first);
    const other = await take("gw-b");
    expect(other.token).toBeGreaterThan(first.token);
    await expect(bot.api.getUpdates({ timeout: 0 })).rejects.toMatchObject({ code: "journal-fenced" });
    const stored = await client.lRange(redisKeys().journal("support"), 0, -1);
    expect(stored.join("\n")).not.toContain(`"update_id":${nextId - 1}`);

    // This replica re-takes it later: the token is read at each write, so it journals again.
    await leases.release(other);
    const again = await take("gw-a");
    token = again.token;
    expect(await bot.api.getUpdates({ timeout: 0 })).toHaveLength(1);
    await journal.close();
  });
});
