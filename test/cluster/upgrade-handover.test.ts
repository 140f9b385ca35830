import { expect, it } from "vitest";
import { pollers, type Replica, replicaEnv, useClusterStack } from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";

const startClusterStack = useClusterStack();

/** A group upgrade learnt by one replica is known to the replica that takes the account over. */
describeWhere("redis", "group upgrades in cluster mode", () => {
  it("the replica that takes the account over answers the new supergroup with the old id's entry", async () => {
    const { stack: s, redis: r } = await startClusterStack({
      accounts: ["support"],
      env: { TELEGRAM_POLL_TIMEOUT: "2" },
    });
    const bot = s.bots.support!.username;
    const basic = s.telegram.addGroup({ title: "Old", type: "group", members: [s.user.id], bots: [bot] });
    const config = s.config() as { accounts: { support: { groups: Record<string, unknown> } } };
    config.accounts.support.groups = { [String(basic.id)]: { requireMention: true } };
    s.writeConfig(config);
    // Each replica has its own, new state directory: only Redis is shared.
    const replicas: Replica[] = [];
    for (const id of ["gw-1", "gw-2"]) {
      replicas.push({ id, daemon: await s.startDaemon({ env: replicaEnv(s, r, id) }) });
    }
    const owner = await eventually(async () => (await pollers(replicas)).get("support")?.[0], 30_000, 200);
    const first = replicas.find((x) => x.id === owner)!;
    const other = replicas.find((x) => x.id !== owner)!;

    const upgraded = s.telegram.upgradeGroup(basic.id);
    await first.daemon.waitForLog((l) => l.code === "group-upgraded", 10_000);
    expect(await first.daemon.stop("SIGTERM")).toBe(0);
    await eventually(async () => (await pollers([other])).get("support")?.[0] === other.id, 30_000, 200);

    const asked = s.telegram.userSays({
      from: s.user.id,
      chat: upgraded.id,
      text: `@${bot} how do I restore a backup?`,
    });
    const reply = await s.telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === upgraded.id && m.replyToMessageId === asked.messageId,
      15_000,
    );
    expect(reply.text).toMatch(/restore --latest/);
    const status = (await (await fetch(`${other.daemon.httpUrl}/status`)).json()) as {
      groupUpgrades: Array<{ oldChatId: number; newChatId: number }>;
    };
    expect(status.groupUpgrades).toMatchObject([{ oldChatId: basic.id, newChatId: upgraded.id }]);
  }, 80_000);
});
