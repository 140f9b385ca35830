import { expect, it } from "vitest";
import {
  ACCOUNTS,
  conflicts,
  replicaEnv,
  repliesPerMessage,
  settled,
  startReplicas,
  useClusterStack,
} from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";

const startClusterStack = useClusterStack();

/** A rolling restart under load (helpers: test/helpers/cluster-stack.ts). */
describeWhere("redis", "cluster mode through a rolling restart", () => {
  it("SIGTERM and restart of each replica in turn under load: every message answered once, no 409", async () => {
    const { stack: s, redis: r } = await startClusterStack({
      accounts: ACCOUNTS,
      env: { TELEGRAM_POLL_TIMEOUT: "2" },
    });
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
      replicas[i] = {
        id: replica.id,
        daemon: await s.startDaemon({ env: replicaEnv(s, r, replica.id, 2) }),
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
