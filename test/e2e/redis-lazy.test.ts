import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createClient } from "@redis/client";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * Cluster mode is off by default, and then no Redis client is even loaded: the modules a process
 * loads are recorded by a resolve hook (test/helpers/module-log.mjs) and searched for @redis.
 */
const HOOK = fileURLToPath(new URL("../helpers/module-log.mjs", import.meta.url));
const BIN = fileURLToPath(new URL("../../bin/wiki-gateway.js", import.meta.url));
const BUNDLE = fileURLToPath(new URL("../../dist/bundle", import.meta.url));

function moduleLog(): { env: Record<string, string>; read: () => string[] } {
  const file = join(mkdtempSync(join(tmpdir(), "wg-modules-")), "modules.log");
  return {
    env: { NODE_OPTIONS: `--import=${HOOK}`, MODULE_LOG: file },
    read: () => readFileSync(file, "utf8").split("\n").filter(Boolean),
  };
}
/**
 * The Redis client, and the product's cluster modules: per file (dist/src), or linked (dist/bundle,
 * `ask`) into a file of any name, found by the path comment esbuild writes above each module it
 * links in (`// dist/src/cluster/cluster.js`).
 */
const redisModules = (urls: string[]) =>
  urls.filter(
    (u) =>
      /@redis|\/cluster\//.test(u) ||
      (/\/dist\/bundle\/.+\.js$/.test(u) && LINKED_CLUSTER.test(readFileSync(fileURLToPath(u), "utf8"))),
  );
const LINKED_CLUSTER = /^\/\/ dist\/src\/cluster\//m;

let stack: Stack | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  await redis?.close();
  redis = undefined;
});

async function answersOnce(s: Stack, daemonUrl: string): Promise<void> {
  await eventually(async () => {
    const body = (await (await fetch(`${daemonUrl}/status`)).json()) as {
      accounts: Array<{ status: string }>;
    };
    return body.accounts.every((a) => a.status === "polling");
  }, 20_000);
  const said = s.telegram.userSays({
    from: s.user.id,
    chat: { bot: s.bots.default!.username },
    text: "how do I restore a backup?",
  });
  const reply = await s.telegram.waitForSent((m) => m.replyToMessageId === said.messageId, 15_000);
  expect(reply.text).toMatch(/restore/i);
}

describe("without GATEWAY_REDIS_URL no Redis client is loaded", () => {
  it("by a daemon that starts and answers", async () => {
    stack = await startStack({ accounts: ["default"] });
    const log = moduleLog();
    const daemon = await stack.startDaemon({ env: log.env });
    await answersOnce(stack, daemon.httpUrl);
    await daemon.stop();
    const urls = log.read();
    expect(urls.some((u) => u.includes("/dist/src/app/gateway.js"))).toBe(true);
    expect(urls.some((u) => u.includes("/grammy/"))).toBe(true);
    expect(redisModules(urls)).toEqual([]);
  });

  it("by the ask and pairing commands", async () => {
    stack = await startStack({ accounts: ["default"] });
    // `ask` runs the linked build (dist/bundle), `pairing` the per-file one (dist/src).
    for (const [args, command] of [
      [["ask", "how do I restore a backup?"], /\/dist\/bundle\/ask-\w+\.js$/],
      [["pairing", "list"], /\/dist\/src\/cli\/pairing\.js$/],
    ] as const) {
      const log = moduleLog();
      // Asynchronously: the sandboxes the command talks to run in this process.
      await promisify(execFile)(process.execPath, [BIN, ...args], {
        env: { ...process.env, ...stack.env, ...log.env },
        timeout: 60_000,
      }).catch(() => undefined);
      const urls = log.read();
      expect(urls.some((u) => command.test(u))).toBe(true);
      expect(redisModules(urls)).toEqual([]);
    }
  }, 90_000);

  it("finds the product's cluster code in a linked chunk of any name (the check above sees it)", () => {
    const linked = readdirSync(BUNDLE).map((f) => pathToFileURL(join(BUNDLE, f)).href);
    expect(redisModules(linked).filter((u) => /\/chunk-\w+\.js$/.test(u)).length).toBeGreaterThan(0);
  });
});

describeWhere("redis", "with GATEWAY_REDIS_URL the journal and pairing live in Redis", () => {
  it("loads the Redis client, answers, and keeps the journal in Redis, not in the state directory", async () => {
    redis = await startRedisServer();
    stack = await startStack({ accounts: ["default"] });
    const log = moduleLog();
    const daemon = await stack.startDaemon({ env: { ...log.env, GATEWAY_REDIS_URL: redis.url } });
    await answersOnce(stack, daemon.httpUrl);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      await eventually(async () => (await client.lLen("wg:{default}:journal")) > 0, 10_000);
      const lines = (await client.lRange("wg:{default}:journal", 0, -1)).map(
        (l) => JSON.parse(l) as { t: string },
      );
      expect(lines.some((l) => l.t === "d" || l.t === "h")).toBe(true);
    } finally {
      client.destroy();
    }
    await daemon.stop();
    expect(redisModules(log.read()).some((u) => u.includes("@redis/client"))).toBe(true);
    expect(
      spawnSync("ls", [join(stack.stateDir, "journal")])
        .stdout.toString()
        .trim(),
    ).toBe("");
  });

  it("refuses to start with a named error when Redis cannot be reached", async () => {
    stack = await startStack({ accounts: ["default"] });
    const daemon = await stack.startDaemon({
      env: { GATEWAY_REDIS_URL: "redis://:secret-pw@127.0.0.1:1" },
      waitHealthy: false,
    });
    expect(await daemon.exited).not.toBe(0);
    expect(daemon.logs()).toContain("redis-unreachable");
    expect(daemon.logs()).not.toContain("secret-pw");
  });
});
