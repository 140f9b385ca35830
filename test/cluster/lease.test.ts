import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createLeaseStore, type Lease } from "../../src/cluster/lease-store.js";
import { createOwnership, type Ownership } from "../../src/cluster/ownership.js";
import { connectRedis, type RedisConnection } from "../../src/cluster/redis-connection.js";
import { redisKeys } from "../../src/cluster/redis-keys.js";
import { createReplicaRegistry } from "../../src/cluster/replica-registry.js";
import { createLogger } from "../../src/log/logger.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.js";

const TTL = 3_000;
const MARGIN = 300;
const log = createLogger({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One poll as a fake account saw it: which replica, from when to when (performance.now()). */
interface PollSpan {
  replica: string;
  account: string;
  start: number;
  end: number;
}

describeWhere("redis", "account leases against a real Redis", () => {
  let redis: RedisServer;
  const clients: RedisConnection[] = [];
  const owners: Ownership[] = [];
  const proxies: TcpProxy[] = [];
  const connect = async (port?: number) => {
    const url = port === undefined ? redis.url : `redis://127.0.0.1:${port}`;
    const client = await connectRedis({ url, commandTimeoutMs: MARGIN });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(owners.splice(0).map((o) => o.stop().catch(() => {})));
    for (const c of clients.splice(0)) c.destroy();
    await Promise.all(proxies.splice(0).map((p) => p.close()));
    redis.thaw();
  });
  afterAll(async () => {
    await redis?.close();
  });

  /**
   * A replica running fake accounts: while it holds an account it polls through the gate, each
   * "poll" lasting the whole timeout the gate allowed (or until the gate's signal aborts it).
   */
  async function replica(name: string, accounts: string[], viaProxy = false) {
    const proxy = viaProxy ? await startTcpProxy(redis.port) : undefined;
    if (proxy) proxies.push(proxy);
    const client = await connect(proxy?.port);
    const spans: PollSpan[] = [];
    const loops = new Map<string, { running: boolean; done: Promise<void> }>();
    const ownership: Ownership = createOwnership({
      replica: name,
      leases: createLeaseStore(client, { ttlMs: TTL }),
      registry: createReplicaRegistry(client, { ttlMs: TTL }),
      ttlMs: TTL,
      marginMs: MARGIN,
      log,
      accounts: () => accounts,
      async onGained(account) {
        const state = { running: true, done: Promise.resolve() };
        state.done = (async () => {
          while (state.running) {
            const gate = ownership.gate(account);
            if (!gate) break;
            const permit = await gate.admit(50).catch(() => undefined);
            if (!permit || !state.running) break;
            const start = performance.now();
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, permit.timeoutSeconds * 1000);
              permit.signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
            });
            spans.push({ replica: name, account, start, end: performance.now() });
          }
        })();
        loops.set(account, state);
      },
      async onLost(account) {
        const state = loops.get(account);
        if (!state) return;
        state.running = false;
        await state.done;
        loops.delete(account);
      },
    });
    owners.push(ownership);
    ownership.start();
    return { name, ownership, spans, proxy, client };
  }

  function overlaps(spans: PollSpan[]): PollSpan[][] {
    const out: PollSpan[][] = [];
    for (const account of new Set(spans.map((s) => s.account))) {
      const sorted = spans.filter((s) => s.account === account).sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.start < sorted[i - 1]!.end) out.push([sorted[i - 1]!, sorted[i]!]);
      }
    }
    return out;
  }

  it("acquire, renew and release compare the holder; every acquisition gets a higher fencing token", async () => {
    const client = await connect();
    const leases = createLeaseStore(client, { ttlMs: 500, keys: redisKeys("t1") });
    // A Redis with no data may have forgotten leases still in use: nothing for one TTL.
    const fresh = await leases.acquire("support", "gw-a");
    expect(fresh).toMatchObject({ busyMs: expect.any(Number) });
    expect((fresh as { busyMs: number }).busyMs).toBeGreaterThan(400);
    await sleep(520);
    const a = (await leases.acquire("support", "gw-a")) as Lease;
    expect(a).toMatchObject({ token: 1 });
    expect(await leases.acquire("support", "gw-b")).toMatchObject({ busyMs: expect.any(Number) });
    expect(await leases.renew(a)).toBe(true);
    expect(await leases.check(a)).toBeGreaterThan(400);
    const [info] = await leases.inspect(["support"]);
    expect(info).toMatchObject({ account: "support", owner: "gw-a", token: 1 });
    expect(info!.ageMs).toBeGreaterThanOrEqual(0);
    expect(await leases.release(a)).toBe(true);
    const b = await leases.acquire("support", "gw-b");
    expect(b).toMatchObject({ token: 2 });
    expect(await leases.release(a)).toBe(false); // not a's any more
    expect(await leases.renew(a)).toBe(false);
    expect(await leases.check(a)).toBeUndefined();
  });

  it("fencing: after expiry another replica takes the lease and the old holder's token is refused", async () => {
    const client = await connect();
    const leases = createLeaseStore(client, { ttlMs: 300, keys: redisKeys("t2") });
    await leases.acquire("sales", "gw-a");
    await sleep(320);
    const a = (await leases.acquire("sales", "gw-a")) as Lease;
    await sleep(450);
    const b = (await leases.acquire("sales", "gw-b")) as Lease;
    expect(b.token).toBeGreaterThan(a.token);
    expect(await leases.check(a)).toBeUndefined();
    expect(await leases.renew(a)).toBe(false);
    expect(await leases.check(b)).toBeGreaterThan(0);
  });

  it("after Redis lost its data (a restart without persistence), no lease is granted for one TTL", async () => {
    const client = await connect();
    const leases = createLeaseStore(client, { ttlMs: 400, keys: redisKeys("t3") });
    await leases.acquire("dev", "gw-a");
    await sleep(420);
    const a = (await leases.acquire("dev", "gw-a")) as Lease;
    expect(await leases.check(a)).toBeGreaterThan(0);
    await client.flushAll();
    const b = await leases.acquire("dev", "gw-b");
    expect(b).toMatchObject({ busyMs: expect.any(Number) });
    expect((b as { busyMs: number }).busyMs).toBeGreaterThan(300);
    expect(await leases.check(a)).toBeUndefined();
  });

  it("the gate refuses a poll with a stale token and stops the account", async () => {
    const r = await replica("gw-a", ["hr"]);
    await expect.poll(() => r.ownership.holds("hr"), { timeout: 5000 }).toBe(true);
    await expect.poll(() => r.spans.length, { timeout: 5000 }).toBeGreaterThan(0);
    // Someone else's lease (as after an expiry we did not see): a newer token.
    await r.client.del(redisKeys().lease("hr"));
    const thief = await createLeaseStore(r.client, { ttlMs: TTL }).acquire("hr", "gw-z");
    expect(thief).toMatchObject({ token: expect.any(Number) });
    await expect(r.ownership.gate("hr")?.admit(5) ?? Promise.reject(new Error("lost"))).rejects.toThrow(
      /no longer owns|lost|not held/,
    );
    expect(r.ownership.holds("hr")).toBe(false);
  });

  it("partition of the owner: it stops polling before its lease can expire; the other takes over only after; never two pollers", async () => {
    const a = await replica("gw-a", ["it"], true);
    const b = await replica("gw-b", ["it"], true);
    await expect.poll(() => a.ownership.holds("it") || b.ownership.holds("it"), { timeout: 8000 }).toBe(true);
    await sleep(1500);
    const [owner, other] = a.ownership.holds("it") ? [a, b] : [b, a];
    const lastRenewBefore = performance.now();
    owner.proxy!.partition();
    const cutAt = performance.now();
    await expect.poll(() => other.ownership.holds("it"), { timeout: 3 * TTL }).toBe(true);
    await expect.poll(() => other.spans.length, { timeout: 3000 }).toBeGreaterThan(0);
    const ownerLast = Math.max(...owner.spans.map((s) => s.end));
    const otherFirst = Math.min(...other.spans.filter((s) => s.start > cutAt).map((s) => s.start));
    // The owner's last renewal was sent before the cut, so its lease lives until at least then + TTL.
    expect(ownerLast).toBeLessThan(lastRenewBefore + TTL);
    expect(ownerLast).toBeLessThanOrEqual(otherFirst);
    // Taken over only after the lease could expire (the other saw the key gone), within TTL + a tick + a poll.
    expect(otherFirst - cutAt).toBeGreaterThan(TTL - 1000 - MARGIN);
    expect(otherFirst - cutAt).toBeLessThan(TTL + 1000 + 1500);

    owner.proxy!.heal();
    await sleep(2 * TTL);
    expect(overlaps([...a.spans, ...b.spans])).toEqual([]);
    expect(a.ownership.holds("it") !== b.ownership.holds("it")).toBe(true);
  }, 30_000);

  it("Redis frozen: both stop before the lease can expire, one resumes after the thaw, never two pollers", async () => {
    const a = await replica("gw-a", ["ops", "legal"]);
    const b = await replica("gw-b", ["ops", "legal"]);
    await expect
      .poll(() => a.ownership.view().held.length + b.ownership.view().held.length, { timeout: 8000 })
      .toBe(2);
    await sleep(1200);
    const frozenAt = performance.now();
    redis.freeze();
    await sleep(TTL + 500);
    const stillPolling = [...a.spans, ...b.spans].filter((s) => s.end > frozenAt + TTL);
    expect(stillPolling).toEqual([]);
    expect(a.ownership.view().held.length + b.ownership.view().held.length).toBe(0);
    expect(a.ownership.view().ready || b.ownership.view().ready).toBe(false);
    redis.thaw();
    await expect
      .poll(() => a.ownership.view().held.length + b.ownership.view().held.length, { timeout: 3 * TTL })
      .toBe(2);
    await expect
      .poll(() => [...a.spans, ...b.spans].filter((s) => s.start > frozenAt).length, {
        timeout: 5000,
      })
      .toBeGreaterThan(0);
    expect(overlaps([...a.spans, ...b.spans])).toEqual([]);
  }, 30_000);

  it("a joining replica takes its share by graceful handover, and a stopping one hands everything over", async () => {
    const accounts = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"];
    const r1 = await replica("gw-1", accounts);
    await expect.poll(() => r1.ownership.view().held.length, { timeout: 5000 }).toBe(7);
    const r2 = await replica("gw-2", accounts);
    const r3 = await replica("gw-3", accounts);
    const heldCounts = () => [r1, r2, r3].map((r) => r.ownership.view().held.length).sort();
    await expect.poll(heldCounts, { timeout: 10_000 }).toEqual([2, 2, 3]);
    expect([r1, r2, r3].every((r) => r.ownership.view().ready)).toBe(true);
    await r1.ownership.stop();
    await expect
      .poll(() => [r2, r3].map((r) => r.ownership.view().held.length).sort(), { timeout: 10_000 })
      .toEqual([3, 4]);
    expect(overlaps([...r1.spans, ...r2.spans, ...r3.spans])).toEqual([]);
  }, 30_000);
});
