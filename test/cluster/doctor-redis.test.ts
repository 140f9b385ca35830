import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compareVersions, diagnoseRedis } from "../../src/cluster/diagnose-redis.js";
import { doctorCommand } from "../../src/cli/doctor.js";
import type { Check } from "../../src/core/check-result.js";
import { freePort } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { type RedisServer, startRedisServer } from "../helpers/redis-server.js";

const byCheck = (checks: Check[]): Record<string, Check> =>
  Object.fromEntries(checks.map((c) => [c.check, c]));

describeWhere("redis", "doctor's Redis checks against a real redis-server", () => {
  let open: RedisServer;
  let locked: RedisServer;
  let durable: RedisServer;
  beforeAll(async () => {
    [open, locked, durable] = await Promise.all([
      startRedisServer(),
      startRedisServer({ password: "doctor-pw" }),
      startRedisServer({ appendOnly: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), locked?.close(), durable?.close()]);
  });

  it("passes reachable, auth and version, and warns what to set when persistence is off", async () => {
    const checks = byCheck(await diagnoseRedis(open.url));
    expect(checks.reachable).toMatchObject({ status: "ok" });
    expect(checks.auth).toMatchObject({ status: "ok", detail: "no password needed" });
    expect(checks.version).toMatchObject({ status: "ok" });
    expect(checks.persistence).toMatchObject({ status: "warn" });
    expect(checks.persistence!.detail).toMatch(/persistence is off/);
    expect(checks.persistence!.fix).toMatch(/appendonly yes/);
  });

  it("is content with AOF persistence", async () => {
    expect(byCheck(await diagnoseRedis(durable.url)).persistence).toMatchObject({ status: "ok" });
  });

  it("accepts the right password and fails a wrong or missing one, never showing it", async () => {
    expect(byCheck(await diagnoseRedis(locked.url)).auth).toMatchObject({
      status: "ok",
      detail: "password accepted",
    });
    for (const url of [locked.url.replace("doctor-pw", "nope-pw"), `redis://127.0.0.1:${locked.port}`]) {
      const checks = await diagnoseRedis(url);
      expect(byCheck(checks).reachable).toMatchObject({ status: "ok" });
      expect(byCheck(checks).auth).toMatchObject({ status: "fail" });
      expect(byCheck(checks).auth!.fix).toMatch(/GATEWAY_REDIS_URL/);
      expect(JSON.stringify(checks)).not.toMatch(/nope-pw|doctor-pw/);
    }
  });

  it("fails reachable for a port where nothing listens", async () => {
    const checks = await diagnoseRedis(`redis://127.0.0.1:${await freePort()}`, { timeoutMs: 800 });
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ check: "reachable", status: "fail" });
    expect(checks[0]!.fix).toMatch(/start Redis/);
  });

  it("runs in `wiki-gateway doctor` when GATEWAY_REDIS_URL is set", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wg-doctor-"));
    let out = "";
    await doctorCommand.run(["--json"], {
      out: (t) => void (out += t),
      err: () => {},
      isTty: false,
      env: {
        GATEWAY_CONFIG: join(dir, "missing.json"),
        GATEWAY_STATE_DIR: join(dir, "state"),
        WIKI_URL: "http://127.0.0.1:1",
        GATEWAY_REDIS_URL: locked.url,
      },
    });
    const report = JSON.parse(out) as { checks: Array<{ subject: string; check: string; status: string }> };
    const redis = report.checks.filter((c) => c.subject === "redis");
    expect(redis.map((c) => `${c.check}:${c.status}`)).toEqual([
      "reachable:ok",
      "auth:ok",
      "version:ok",
      "persistence:warn",
    ]);
    expect(out).not.toContain("doctor-pw");
  });
});

it("compares dotted versions", () => {
  expect(compareVersions("6.0.16", "6.2.0")).toBe(-1);
  expect(compareVersions("6.2", "6.2.0")).toBe(0);
  expect(compareVersions("7.0.15", "6.2.0")).toBe(1);
});
