import { it } from "vitest";
import { crashDuringBacklog, busyGroupOptions } from "../helpers/busy-burst.js";
import { replicaEnv, useClusterStack } from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { accountsPolling } from "../helpers/polling.js";

const startClusterStack = useClusterStack();

/** docs/busy-chats.md in cluster mode: the backlog's updates are in the Redis journal. */
describeWhere("redis", "busy chats in cluster mode", () => {
  it("kill -9 of the replica during a backlog: the next one answers every question once or tells its asker", async () => {
    const { stack, redis } = await startClusterStack({
      accounts: ["default"],
      ...busyGroupOptions({ TELEGRAM_BUSY_CHAT_SECONDS: "30" }),
    });
    const bot = stack.bots.default!.username;
    const first = await stack.startDaemon({ env: replicaEnv(stack, redis, "gw-1") });
    await eventually(() => accountsPolling(first.httpUrl), 20_000);
    await crashDuringBacklog(stack, bot, first, async () => {
      // Another replica, with a state directory of its own: only Redis carries the journal over.
      const next = await stack.startDaemon({ env: replicaEnv(stack, redis, "gw-2") });
      await eventually(() => accountsPolling(next.httpUrl), 30_000);
      return next;
    });
  }, 150_000);
});
