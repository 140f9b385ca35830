import { expect, it } from "vitest";
import { ACCOUNTS, POLL_SECONDS, settled, startReplicas, useClusterStack } from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";

const startClusterStack = useClusterStack();
const STOP_TIMEOUT_MS = 2_000;
/** What the stop may take past GATEWAY_STOP_TIMEOUT_MS (its watchdog fires at 5 s). */
const GRACE_MS = 6_000;

/**
 * A stop always ends in cluster mode too: Redis frozen (SIGSTOP) or gone, Telegram and the wiki
 * made to hang, at the moment of SIGTERM; both replicas exit within GATEWAY_STOP_TIMEOUT_MS and a
 * few seconds (helpers: test/helpers/cluster-stack.ts).
 */
describeWhere("redis", "a stop in cluster mode with every outside service down", () => {
  for (const redisFate of ["frozen", "stopped"] as const) {
    it(`Redis ${redisFate}, Telegram and the wiki hanging: every replica exits in time`, async () => {
      const { stack: s, redis } = await startClusterStack({
        accounts: ACCOUNTS,
        env: {
          TELEGRAM_POLL_TIMEOUT: String(POLL_SECONDS),
          GATEWAY_STOP_TIMEOUT_MS: String(STOP_TIMEOUT_MS),
        },
      });
      const replicas = await startReplicas(s, redis, 2);
      await eventually(() => settled(replicas), 30_000, 200);
      s.telegram.userSays({ from: s.user.id, chat: { bot: s.bots.support!.username }, text: "onboarding" });
      s.telegram.faults.slow("*", 60_000);
      s.wiki.setLatency(60_000);
      s.telegram.userSays({ from: s.user.id, chat: { bot: s.bots.sales!.username }, text: "backup" });
      await new Promise((r) => setTimeout(r, 1_000));
      if (redisFate === "frozen") redis.freeze();
      else await redis.stop();

      const t0 = Date.now();
      for (const r of replicas) r.daemon.child.kill("SIGTERM");
      const codes = await Promise.all(
        replicas.map((r) =>
          Promise.race([
            r.daemon.exited,
            new Promise((res) => setTimeout(() => res("still running"), 40_000)),
          ]),
        ),
      );
      const ms = Date.now() - t0;
      redis.thaw();
      process.stdout.write(
        `${JSON.stringify({ reliability: `stop-redis-${redisFate}`, exitMs: ms, codes })}\n`,
      );
      expect(codes).toEqual([0, 0]);
      expect(ms).toBeLessThan(STOP_TIMEOUT_MS + GRACE_MS);
    }, 90_000);
  }
});
