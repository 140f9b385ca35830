import type { Check } from "../core/check-result.js";
import { connectRedis, type RedisConnection, RedisConnectionError } from "./redis-connection.js";
import { redactRedisUrl } from "./redis-url.js";

/** The oldest Redis the gateway runs on: the journal keeps a damaged list aside with COPY (6.2). */
export const MIN_REDIS_VERSION = "6.2.0";

const PERSISTENCE_FIX =
  "turn on AOF persistence: `appendonly yes` and `appendfsync everysec` in redis.conf (or CONFIG SET appendonly yes, then CONFIG REWRITE)";

/**
 * `doctor`'s checks of cluster mode's Redis: reachable, password accepted, version at least
 * MIN_REDIS_VERSION, persistence (a Redis without AOF loses journaled updates and pairing
 * approvals when it restarts: a warning that says what to set) and eviction (a maxmemory policy
 * that may evict keys would drop journals: a warning). Never throws; the URL is shown redacted.
 */
export async function diagnoseRedis(url: string, options: { timeoutMs?: number } = {}): Promise<Check[]> {
  const shown = redactRedisUrl(url);
  let client: RedisConnection;
  try {
    client = await connectRedis({ url, connectTimeoutMs: options.timeoutMs ?? 3_000 });
  } catch (error) {
    const e =
      error instanceof RedisConnectionError
        ? error
        : new RedisConnectionError("redis-unreachable", String(error), "check GATEWAY_REDIS_URL");
    const auth = e.code === "redis-auth-failed";
    return [
      {
        subject: "redis",
        check: "reachable",
        status: auth ? "ok" : "fail",
        detail: auth ? `${shown} answers` : e.message,
        ...(auth ? {} : { fix: e.remedy }),
      },
      ...(auth
        ? [{ subject: "redis", check: "auth", status: "fail" as const, detail: e.message, fix: e.remedy }]
        : []),
    ];
  }
  try {
    const checks: Check[] = [
      { subject: "redis", check: "reachable", status: "ok", detail: `${shown} answers` },
      {
        subject: "redis",
        check: "auth",
        status: "ok",
        detail: new URL(url).password === "" ? "no password needed" : "password accepted",
      },
    ];
    checks.push(await versionCheck(client));
    checks.push(...(await configChecks(client)));
    return checks;
  } finally {
    client.destroy();
  }
}

async function versionCheck(client: RedisConnection): Promise<Check> {
  const info = await client.info("server").catch((e: unknown) => String(e));
  const version = /redis_version:([\d.]+)/.exec(info)?.[1];
  if (version === undefined) {
    return {
      subject: "redis",
      check: "version",
      status: "warn",
      detail: "INFO server did not give redis_version",
      fix: `make sure the server is Redis ${MIN_REDIS_VERSION} or later`,
    };
  }
  const old = compareVersions(version, MIN_REDIS_VERSION) < 0;
  return {
    subject: "redis",
    check: "version",
    status: old ? "fail" : "ok",
    detail: old ? `Redis ${version} is older than ${MIN_REDIS_VERSION}` : `Redis ${version}`,
    ...(old ? { fix: `upgrade Redis to ${MIN_REDIS_VERSION} or later (the journal uses COPY)` } : {}),
  };
}

async function configChecks(client: RedisConnection): Promise<Check[]> {
  let config: Record<string, string>;
  try {
    config = (await client.configGet([
      "appendonly",
      "appendfsync",
      "save",
      "maxmemory",
      "maxmemory-policy",
    ])) as Record<string, string>;
  } catch (error) {
    return [
      {
        subject: "redis",
        check: "persistence",
        status: "warn",
        detail: `cannot read the persistence settings (CONFIG GET: ${String((error as Error)?.message ?? error)})`,
        fix: `make sure this Redis keeps its data: ${PERSISTENCE_FIX}`,
      },
    ];
  }
  const checks: Check[] = [];
  const save = (config.save ?? "").trim();
  if (config.appendonly === "yes") {
    checks.push({
      subject: "redis",
      check: "persistence",
      status: "ok",
      detail: `AOF on (appendfsync ${config.appendfsync ?? "?"})${save ? `, RDB save "${save}"` : ""}`,
    });
  } else {
    checks.push({
      subject: "redis",
      check: "persistence",
      status: "warn",
      detail:
        save === ""
          ? 'persistence is off (appendonly no, save ""): a Redis restart loses every journal and pairing approval'
          : `only RDB snapshots (save "${save}"): a Redis restart loses what was journaled since the last snapshot`,
      fix: PERSISTENCE_FIX,
    });
  }
  const policy = config["maxmemory-policy"] ?? "noeviction";
  if (config.maxmemory !== "0" && config.maxmemory !== undefined && policy !== "noeviction") {
    checks.push({
      subject: "redis",
      check: "eviction",
      status: "warn",
      detail: `maxmemory-policy ${policy} may evict journal and pairing keys when memory is full`,
      fix: "set maxmemory-policy noeviction, or give the gateway a Redis (or database) of its own without a memory limit",
    });
  }
  return checks;
}

/** -1, 0 or 1 as dotted version `a` is older, equal or newer than `b`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
