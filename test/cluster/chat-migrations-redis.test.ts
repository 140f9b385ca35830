import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRedisChatMigrations } from "../../src/cluster/chat-migrations-redis.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { upgrade, upgradeStoreContract } from "../helpers/upgrade-store-contract.js";

/** Group upgrades in Redis (cluster mode): the store contract, and replicas seeing each other's. */
describeWhere("redis", "group upgrades in Redis", () => {
  let redis: RedisServer;
  let client: RedisConnection;
  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connectRedis({ url: redis.url });
  });
  afterAll(async () => {
    client?.destroy();
    await redis?.close();
  });
  /** Each test gets its own key prefix: isolated storage on one server. */
  const fresh = () => redisKeys(`t${randomBytes(4).toString("hex")}`);

  upgradeStoreContract("Redis", () => {
    const keys = fresh();
    return {
      open: (options = {}) => createRedisChatMigrations({ client, keys, ...options }),
      async corrupt() {
        await client.del(keys.chatUpgrades);
        await client.hSet(keys.chatUpgrades, { "default|-2222": "{not json", "no-separator": "{}" });
      },
    };
  });

  it("lets a replica see an upgrade another one learnt, through watch", async () => {
    const keys = fresh();
    const a = createRedisChatMigrations({ client, keys });
    const b = createRedisChatMigrations({ client, keys, pollMs: 20 });
    const seen: number[] = [];
    const watch = b.watch!(async () => {
      seen.push((await b.load()).length);
    });
    await expect.poll(() => seen).toEqual([0]);
    await a.add(upgrade(-2222, 1));
    await expect.poll(() => seen).toEqual([0, 1]);
    // The same upgrade again raises nothing.
    await a.add(upgrade(-2222, 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([0, 1]);
    watch.close();
  });

  it("leaves out and reports fields that are not upgrades", async () => {
    const keys = fresh();
    const problems: string[] = [];
    const store = createRedisChatMigrations({ client, keys, onInvalid: (d) => problems.push(d) });
    await store.add(upgrade(-2222, 1));
    await client.hSet(keys.chatUpgrades, { "default|-3333": '{"newChatId":"x","since":"now"}' });
    expect(await store.load()).toEqual([upgrade(-2222, 1)]);
    expect(problems).toEqual([`1 field(s) of ${keys.chatUpgrades} are not upgrades: default|-3333`]);
    // Over the bound by unreadable fields alone: no upgrade is dropped for them.
    await client.hSet(keys.chatUpgrades, { "default|-5555": "{}" });
    const bounded = createRedisChatMigrations({ client, keys, maxEntries: 3 });
    await bounded.add(upgrade(-4444, 2));
    expect((await store.load()).map((m) => m.oldChatId)).toEqual([-2222, -4444]);
  });
});
