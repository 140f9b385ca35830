import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pairingCommand } from "../../src/cli/pairing.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { createRedisPairingDocument } from "../../src/policy/pairing-document-redis.js";
import { createPairingStoreOn } from "../../src/policy/pairing-store.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { dm } from "../unit/policy/fixtures.js";

/** `wiki-gateway pairing` with GATEWAY_REDIS_URL works on the pairing document every replica reads. */
describeWhere("redis", "the pairing command in cluster mode", () => {
  let redis: RedisServer;
  let client: RedisConnection;
  beforeAll(async () => {
    redis = await startRedisServer({ password: "cli-pw" });
    client = await connectRedis({ url: redis.url });
  });
  afterAll(async () => {
    client?.destroy();
    await redis?.close();
  });

  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    const dir = mkdtempSync(join(tmpdir(), "wg-pairing-cli-"));
    let out = "";
    let err = "";
    const code = await pairingCommand.run(args, {
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      isTty: false,
      env: {
        GATEWAY_CONFIG: join(dir, "gateway.json"),
        GATEWAY_STATE_DIR: join(dir, "state"),
        GATEWAY_REDIS_URL: redis.url,
      },
    });
    // Nothing went to the state directory: the pairing file is not used in cluster mode.
    expect(readdirSync(dir).filter((f) => f !== "gateway.json")).not.toContain("state");
    return { code, out, err };
  }

  it("lists and approves a request a replica stored in Redis; the replica sees the approval", async () => {
    const replica = createPairingStoreOn(createRedisPairingDocument({ client, keys: redisKeys() }), {});
    const outcome = await replica.request(
      "main",
      dm({ senderId: 4242, chatId: 4242, text: "hi", args: "hi" }),
    );
    const code = (outcome as { code: string }).code;

    const listed = await cli(["list", "--json"]);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.out) as Array<{ code: string }>).map((r) => r.code)).toEqual([code]);

    const approved = await cli(["approve", code]);
    expect(approved.code).toBe(0);
    expect(approved.out).toContain(`code ${code}`);
    await replica.reload();
    expect(replica.isApproved("main", "4242")).toBe(true);
    expect(await replica.takeDeliveries("main")).toMatchObject([{ userId: "4242" }]);

    const again = await cli(["approve", code]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/pairing-unknown-code|no pending pairing request/);
  });

  it("says what to fix when Redis refuses the password", async () => {
    let err = "";
    const code = await pairingCommand.run(["list"], {
      out: () => {},
      err: (t) => void (err += t),
      isTty: false,
      env: {
        GATEWAY_REDIS_URL: redis.url.replace("cli-pw", "bad-pw"),
        GATEWAY_CONFIG: "/nonexistent/gw.json",
      },
    });
    expect(code).not.toBe(0);
    expect(err).toMatch(/refused the credentials/);
    expect(err).toMatch(/GATEWAY_REDIS_URL/);
    expect(err).not.toContain("bad-pw");
  });
});
