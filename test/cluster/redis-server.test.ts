import { createClient } from "@redis/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";

/** The cluster suites stand on this: a real redis-server on a free port that can stop, restart and hang. */
describeWhere("redis", "a real Redis server for the cluster tests", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ password: "s3cret" });
  });
  afterAll(async () => {
    await redis?.close();
  });

  it("answers with the password, keeps the port across a restart, and hangs when frozen", async () => {
    const client = createClient({
      url: redis.url,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: 100 },
    });
    client.on("error", () => {});
    await client.connect();
    await client.set("k", "v");
    expect(await client.get("k")).toBe("v");

    redis.freeze();
    const hung = await Promise.race([
      client.ping().then(() => "answered"),
      new Promise((r) => setTimeout(() => r("no answer"), 300)),
    ]);
    expect(hung).toBe("no answer");
    redis.thaw();

    await redis.stop();
    await redis.start();
    // Persistence is off in tests: the restarted server is empty, and the client reconnects by itself.
    await expect.poll(async () => client.get("k").catch(() => "down"), { timeout: 5000 }).toBeNull();
    client.destroy();
  });
});
