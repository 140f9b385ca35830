import { afterAll, beforeAll, expect, it } from "vitest";
import { connectRedis, redactRedisUrl, RedisConnectionError } from "../../src/cluster/redis-connection.js";
import { freePort } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";

describeWhere("redis", "the Redis connection factory", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ password: "s3cret" });
  });
  afterAll(async () => {
    await redis?.close();
  });

  it("connects with the password and fails fast (no offline queue) while Redis is down", async () => {
    const client = await connectRedis({ url: redis.url, name: "test", commandTimeoutMs: 500 });
    await client.set("k", "v");
    expect(await client.get("k")).toBe("v");
    await redis.stop();
    const started = Date.now();
    await expect(client.get("k")).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    await redis.start();
    await expect.poll(async () => client.ping().catch(() => "down"), { timeout: 5000 }).toBe("PONG");
    client.destroy();
  });

  it("keeps a quiet, healthy connection open past the command timeout (pings)", async () => {
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (_: unknown, msg: string) => void warnings.push(msg) };
    const client = await connectRedis({ url: redis.url, commandTimeoutMs: 300, logger: logger as never });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await client.ping()).toBe("PONG");
    expect(warnings).toEqual([]);
    client.destroy();
  });

  it("fails a command after the command timeout when Redis hangs", async () => {
    const client = await connectRedis({ url: redis.url, commandTimeoutMs: 300 });
    redis.freeze();
    try {
      const started = Date.now();
      await expect(client.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      redis.thaw();
      client.destroy();
    }
  });

  it("names a wrong password redis-auth-failed, without showing it", async () => {
    const url = redis.url.replace("s3cret", "wrong-pass");
    const error = await connectRedis({ url, connectTimeoutMs: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisConnectionError);
    expect((error as RedisConnectionError).code).toBe("redis-auth-failed");
    expect((error as RedisConnectionError).remedy).toMatch(/GATEWAY_REDIS_URL/);
    expect((error as Error).message).not.toContain("wrong-pass");
    const none = await connectRedis({ url: redis.url.replace(":s3cret@", ""), connectTimeoutMs: 2000 }).catch(
      (e: unknown) => e,
    );
    expect((none as RedisConnectionError).code).toBe("redis-auth-failed");
  });

  it("names a closed port redis-unreachable within the connect timeout", async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await connectRedis({ url: `redis://:pw@127.0.0.1:${port}`, connectTimeoutMs: 800 }).catch(
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect((error as RedisConnectionError).code).toBe("redis-unreachable");
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    expect((error as Error).message).not.toContain(":pw@");
  });
});

it("rejects a URL that is not redis:// with redis-bad-url, and redacts passwords in URLs", async () => {
  await expect(connectRedis({ url: "http://x:1" })).rejects.toMatchObject({ code: "redis-bad-url" });
  await expect(connectRedis({ url: "not a url :pw@" })).rejects.toMatchObject({ code: "redis-bad-url" });
  expect(redactRedisUrl("redis://:hunter2@h:6379/2")).toBe("redis://:***@h:6379/2");
  expect(redactRedisUrl("redis://u:hunter2@h:6379")).toBe("redis://u:***@h:6379");
  expect(redactRedisUrl("redis://h:6379")).toBe("redis://h:6379");
});
