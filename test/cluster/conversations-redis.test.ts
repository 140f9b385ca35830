import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRedisConversations } from "../../src/cluster/conversations-redis.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { conversationStoreContract } from "../helpers/conversation-store-contract.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";

/** Conversations in Redis (cluster mode): the store contract, shared by replicas, bounded by time. */
describeWhere("redis", "conversations in Redis", () => {
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
  const fresh = () => {
    const keys = redisKeys(`t${randomBytes(4).toString("hex")}`);
    const clock = { now: Date.now() };
    const open = () => createRedisConversations({ client, keys, now: () => clock.now });
    return { keys, clock, open, reopen: open };
  };

  conversationStoreContract("Redis", fresh);

  it("expires what it holds, and reads a value that is not turns as none", async () => {
    const { keys, open, clock } = fresh();
    const store = open();
    const turn = { question: "q", pages: [], at: clock.now };
    await store.add("a|1", turn, [], [{ account: "a", chatId: 1, messageId: 5 }]);
    const ttl = await client.pTTL(keys.conversation("a|1"));
    expect(ttl).toBeGreaterThan(23 * 60 * 60_000);
    expect(await client.pTTL(keys.conversationAnswer("a", 1, 5))).toBeGreaterThan(6 * 24 * 60 * 60_000);
    await client.set(keys.conversation("a|1"), "{not json");
    expect(await store.earlier("a|1", 60_000)).toEqual([]);
  });
});
