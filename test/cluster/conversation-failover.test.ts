import { expect, it } from "vitest";
import { pollers, type Replica, replicaEnv, useClusterStack } from "../helpers/cluster-stack.js";
import { CONVERSATION_PAGES, FIRST, FOLLOW_UP } from "../helpers/conversation-pages.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";

const startClusterStack = useClusterStack();

/** A conversation begun with one replica is followed up by the replica that takes the account over. */
describeWhere("redis", "conversations in cluster mode", () => {
  it("a DM follow-up after a failover between the two messages is read with the first", async () => {
    const { stack: s, redis: r } = await startClusterStack({
      accounts: ["support"],
      pages: CONVERSATION_PAGES,
      env: { TELEGRAM_POLL_TIMEOUT: "2" },
    });
    const bot = s.bots.support!.username;
    // Each replica has its own, new state directory: only Redis is shared.
    const replicas: Replica[] = [];
    for (const id of ["gw-1", "gw-2"])
      replicas.push({ id, daemon: await s.startDaemon({ env: replicaEnv(s, r, id) }) });
    const owner = await eventually(async () => (await pollers(replicas)).get("support")?.[0], 30_000, 200);
    const first = replicas.find((x) => x.id === owner)!;
    const other = replicas.find((x) => x.id !== owner)!;
    const ask = async (text: string) => {
      const asked = s.telegram.userSays({ from: s.user.id, chat: { bot }, text });
      return s.telegram.waitForSent(
        (m) => m.bot === bot && m.chatId === s.user.id && m.replyToMessageId === asked.messageId,
        20_000,
      );
    };

    expect((await ask(FIRST)).text).toContain("tar czf");
    expect(await first.daemon.stop("SIGTERM")).toBe(0);
    await eventually(async () => (await pollers([other])).get("support")?.[0] === other.id, 30_000, 200);
    const followUp = await ask(FOLLOW_UP);
    expect(followUp.text).toContain("tar xzf");
    expect(followUp.text).toContain("Following up on «tar»");
  }, 80_000);
});
