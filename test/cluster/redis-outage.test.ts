import { expect, it } from "vitest";
import {
  ACCOUNTS,
  conflicts,
  POLL_SECONDS,
  repliesPerMessage,
  settled,
  startReplicas,
  TTL,
  useClusterStack,
} from "../helpers/cluster-stack.js";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";

const startClusterStack = useClusterStack();

/** Redis frozen, then restarted, under load (helpers: test/helpers/cluster-stack.ts). */
describeWhere("redis", "cluster mode through a Redis outage", () => {
  it("Redis unreachable for 20 s, then restarted: polling pauses before the leases can expire and resumes, nothing lost, no 409", async () => {
    const { stack: s, redis: r } = await startClusterStack({
      accounts: ACCOUNTS,
      env: { TELEGRAM_POLL_TIMEOUT: String(POLL_SECONDS) },
    });
    const replicas = await startReplicas(s, r, 3);
    await eventually(() => settled(replicas), 30_000, 200);
    let sent = 0;
    const say = (n: number) => {
      for (let i = 0; i < n; i++, sent++) {
        const name = ACCOUNTS[sent % ACCOUNTS.length]!;
        s.telegram.userSays({
          from: s.user.id,
          chat: { bot: s.bots[name]!.username },
          text: `onboarding ${sent}`,
        });
      }
    };
    say(140);
    await eventually(() => repliesPerMessage(s).size === sent, 20_000, 100);

    const frozenAt = Date.now();
    r.freeze();
    await new Promise((res) => setTimeout(res, TTL + 500));
    const ready = await Promise.all(
      replicas.map((x) =>
        fetch(`${x.daemon.httpUrl}/readyz`).then(
          (res) => res.status,
          () => `${x.id} exited ${x.daemon.child.exitCode}:\n${x.daemon.logs().slice(-3000)}`,
        ),
      ),
    );
    expect(ready).toEqual([503, 503, 503]);
    say(140); // waits at Telegram, unconfirmed
    await new Promise((res) => setTimeout(res, 20_000 - (Date.now() - frozenAt)));
    const thawAt = Date.now();
    r.thaw();
    // No poll answered while the leases could have expired: every poll ended by its local deadline.
    const pausedPolls = s.telegram
      .calls({ method: "getUpdates" })
      .filter((c) => c.status === 200 && c.at > frozenAt + TTL && c.at < thawAt);
    expect(pausedPolls).toEqual([]);
    await eventually(() => repliesPerMessage(s).size === sent, 20_000, 100);
    await eventually(() => settled(replicas), 10_000, 200);

    await r.stop();
    say(70);
    await new Promise((res) => setTimeout(res, 2_000));
    await r.start();
    await eventually(() => repliesPerMessage(s).size === sent, 25_000, 100);
    expect(conflicts(s)).toEqual([]);
    const duplicates = [...repliesPerMessage(s).values()].filter((n) => n > 1).length;
    expect(duplicates).toBeLessThanOrEqual(ACCOUNTS.length * 100);
    const exited = replicas.filter((x) => x.daemon.child.exitCode !== null);
    expect(exited.map((x) => `${x.id}: ${x.daemon.logs().slice(-4000)}`)).toEqual([]);
  }, 75_000);
});
