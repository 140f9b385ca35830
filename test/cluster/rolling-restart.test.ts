import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import {
  ACCOUNTS,
  conflicts,
  MARGIN,
  repliesPerMessage,
  settled,
  startReplicas,
  TTL,
} from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { type Stack, startStack } from "../helpers/stack.js";

let stack: Stack | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  await redis?.close();
  redis = undefined;
});

/** A rolling restart under load (helpers: test/helpers/cluster-stack.ts). */
describeWhere("redis", "cluster mode through a rolling restart", () => {
  it("SIGTERM and restart of each replica in turn under load: every message answered once, no 409", async () => {
    redis = await startRedisServer();
    stack = await startStack({ accounts: ACCOUNTS, env: { TELEGRAM_POLL_TIMEOUT: "2" } });
    const s = stack;
    const r = redis;
    const replicas = await startReplicas(s, r, 3);
    await eventually(() => settled(replicas), 30_000, 200);

    let sent = 0;
    let loading = true;
    const load = (async () => {
      while (loading) {
        for (let i = 0; i < 14; i++, sent++) {
          const name = ACCOUNTS[sent % ACCOUNTS.length]!;
          s.telegram.userSays({
            from: s.user.id,
            chat: { bot: s.bots[name]!.username },
            text: `backup ${sent}`,
          });
        }
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    for (const [i, replica] of replicas.entries()) {
      expect(await replica.daemon.stop("SIGTERM")).toBe(0);
      const stateDir = join(s.dir, `state-${replica.id}-again`);
      mkdirSync(stateDir, { recursive: true });
      replicas[i] = {
        id: replica.id,
        daemon: await s.startDaemon({
          env: {
            GATEWAY_REDIS_URL: r.url,
            GATEWAY_REPLICA_ID: replica.id,
            GATEWAY_STATE_DIR: stateDir,
            GATEWAY_LEASE_TTL_MS: String(TTL),
            GATEWAY_LEASE_MARGIN_MS: String(MARGIN),
            LOG_LEVEL: "info",
          },
        }),
      };
      await eventually(() => settled(replicas), 20_000, 200);
    }
    loading = false;
    await load;
    await eventually(() => repliesPerMessage(s).size === sent, 30_000, 200);
    await new Promise((res) => setTimeout(res, 1000));
    const counts = [...repliesPerMessage(s).values()];
    expect(counts).toHaveLength(sent);
    // A graceful handover drains, confirms the offsets and then releases: nothing twice.
    expect(counts.filter((n) => n > 1)).toEqual([]);
    expect(conflicts(s)).toEqual([]);
  }, 80_000);
});
