import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { openRedisJournal } from "../../src/accounts/journal/journal-redis.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { createPairingStoreOn } from "../../src/policy/pairing-store.js";
import { createRedisPairingDocument } from "../../src/policy/pairing-document-redis.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { journalContract, pairingContract } from "../helpers/store-contract.js";

/** The storage contract on the Redis adapters (cluster mode), against a real redis-server. */
describeWhere("redis", "the storage contract on Redis", () => {
  let redis: RedisServer;
  let client: RedisConnection;
  const clients: RedisConnection[] = [];
  beforeAll(async () => {
    redis = await startRedisServer({ password: "contract-pw" });
    client = await connectRedis({ url: redis.url });
  });
  afterAll(async () => {
    for (const c of [client, ...clients]) c?.destroy();
    await redis?.close();
  });
  /** Each test gets its own key prefix: isolated storage on one server. */
  const fresh = () => redisKeys(`t${randomBytes(4).toString("hex")}`);

  journalContract("Redis", () => {
    const keys = fresh();
    return {
      open: (account, options) => openRedisJournal({ client, keys, account, ...options }),
      async corrupt(account, index) {
        const key = keys.journal(account);
        const entries = await client.lRange(key, 0, -1);
        entries.splice(index, 0, '{"t":"u","id":"not a number"}');
        await client.multi().del(key).rPush(key, entries).exec();
      },
      keptExists: async (keptAs) => (await client.exists(keptAs)) === 1,
    };
  });

  pairingContract("Redis", () => {
    const keys = fresh();
    return {
      // Every store its own connection, as separate processes and replicas have.
      store(options = {}) {
        const own = connectRedis({ url: redis.url });
        const lazy = {} as RedisConnection;
        void own.then((c) => clients.push(c));
        return createPairingStoreOn(
          createRedisPairingDocument({ client: new Proxy(lazy, forwardTo(own)), keys }),
          options,
        );
      },
      corrupt: async (text) => void (await client.set(keys.pairing, text)),
      read: async () => (await client.get(keys.pairing)) ?? "",
      write: async (text) => void (await client.set(keys.pairing, text)),
      kept: () => client.keys(`${keys.pairing}:*-*`),
      readKept: async (name) => (await client.get(name)) ?? "",
    };
  });
});

/** A client whose methods wait for the connection first (the harness's store() is synchronous). */
function forwardTo(connecting: Promise<RedisConnection>): ProxyHandler<RedisConnection> {
  return {
    get(_target, name) {
      return async (...args: unknown[]) => {
        const c = await connecting;
        return (c as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!.apply(c, args);
      };
    },
  };
}
