import type { Update } from "grammy/types";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openRedisJournal } from "../../src/accounts/journal/journal-redis.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { textUpdate } from "../unit/accounts/fixtures.js";

/** What only the Redis journal has: outages, a restarted Redis, and the fence. */
describeWhere("redis", "the Redis journal through outages and fencing", () => {
  let redis: RedisServer;
  let client: RedisConnection;
  beforeAll(async () => {
    redis = await startRedisServer({ appendOnly: true });
    client = await connectRedis({ url: redis.url, commandTimeoutMs: 500 });
  });
  afterAll(async () => {
    client?.destroy();
    await redis?.close();
  });

  it("refuses to confirm while Redis is down, keeps every line queued, and stores them once it is back", async () => {
    const keys = redisKeys("outage");
    const journal = openRedisJournal({ client, keys, account: "a", retryMs: 20 });
    await journal.ready();
    journal.record([textUpdate(1)]);
    await journal.flush();

    await redis.stop();
    const pending: Update[] = [textUpdate(2), textUpdate(3)];
    journal.record(pending);
    journal.markDone(1);
    await expect(journal.flush()).rejects.toMatchObject({ code: "journal-redis-failed" });
    expect(journal.failing()?.remedy).toMatch(/Redis/);

    await redis.start();
    await expect
      .poll(
        () =>
          journal.flush().then(
            () => "stored",
            () => "not yet",
          ),
        { timeout: 10_000 },
      )
      .toBe("stored");
    expect(journal.failing()).toBeUndefined();
    await journal.close();

    // Redis restarted (AOF on): everything is there for the next owner, in order.
    const next = openRedisJournal({ client, keys, account: "a" });
    await next.ready();
    expect(next.unfinished.map((e) => e.updateId)).toEqual([2, 3]);
    expect(next.isDone(1)).toBe(true);
    await next.close();
  });

  it("loads once Redis answers, reporting the failure meanwhile", async () => {
    const keys = redisKeys("late");
    const seed = openRedisJournal({ client, keys, account: "a" });
    await seed.ready();
    seed.record([textUpdate(7)]);
    await seed.flush();
    await seed.close();

    redis.freeze();
    const journal = openRedisJournal({ client, keys, account: "a", retryMs: 20 });
    await expect.poll(() => journal.failing()?.code, { timeout: 5_000 }).toBe("journal-redis-failed");
    redis.thaw();
    await journal.ready();
    expect(journal.unfinished.map((e) => e.updateId)).toEqual([7]);
    await journal.close();
  });

  it("writes only while the fence key holds this writer's token", async () => {
    const keys = redisKeys("fence");
    const fence = { key: "fence:a", token: "owner-1" };
    await client.set(fence.key, fence.token);
    const journal = openRedisJournal({ client, keys, account: "a", fence: () => fence, retryMs: 20 });
    await journal.ready();
    journal.record([textUpdate(1)]);
    await journal.flush();

    await client.set(fence.key, "owner-2"); // another replica took the account
    journal.record([textUpdate(2)]);
    await expect(journal.flush()).rejects.toMatchObject({ code: "journal-fenced" });
    const stored = await client.lRange(keys.journal("a"), 0, -1);
    expect(stored.some((line) => line.includes('"id":2'))).toBe(false);
    await journal.close();
  });
});
