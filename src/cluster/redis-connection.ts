import type { ClusterCode } from "./cluster-codes.js";
import { createClient, type RedisClientType } from "@redis/client";
import type { Logger } from "../log/logger.js";
import { RedisConnectionError } from "./redis-error.js";
import { redactRedisUrl } from "./redis-url.js";

export { RedisConnectionError } from "./redis-error.js";
export { redactRedisUrl } from "./redis-url.js";

/** The one Redis client type of the gateway (RESP2, no modules). */
export type RedisConnection = RedisClientType;

export interface RedisConnectionOptions {
  /** `redis://[[user]:password@]host:port[/db]` (settings.redisUrl); `rediss://` for TLS. */
  url: string;
  logger?: Pick<Logger, "info" | "warn">;
  /** Shown in `CLIENT LIST` (which replica, which part of it). */
  name?: string;
  /** How long `connectRedis` waits for the first connection before `redis-unreachable`. */
  connectTimeoutMs?: number;
  /** Any single command fails with a timeout after this long (a frozen or partitioned Redis). */
  commandTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect backoff: 50 ms doubling up to this, forever (the gateway waits for Redis to return). */
export const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Opens a Redis connection for cluster mode: the only place a Redis client is created.
 *
 * Contract:
 * - Commands issued while disconnected fail at once (`disableOfflineQueue`): nothing is queued to
 *   run later behind the caller's back, so a caller that was told "failed" really did not write.
 * - Each command has a deadline (`commandTimeoutMs`): a frozen Redis makes calls fail, not hang
 *   (the connection is dropped and reopened).
 * - After the first connection, a lost one is retried forever with capped backoff; each loss and
 *   recovery is logged once, with the URL's password redacted.
 * - The first connection must succeed within `connectTimeoutMs`, or this rejects with a
 *   `RedisConnectionError` (`redis-unreachable`, `redis-auth-failed` or `redis-bad-url`) whose
 *   remedy says what to change; the half-open client is destroyed.
 */
export async function connectRedis(options: RedisConnectionOptions): Promise<RedisConnection> {
  const shown = redactRedisUrl(options.url);
  checkUrl(options.url, shown);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let lastError: unknown;
  let connected = false;
  let down = false;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const client: RedisConnection = createClient({
    url: options.url,
    disableOfflineQueue: true,
    // The client's command timeout only covers waiting to be written; a command already sent to a
    // frozen Redis is failed by the socket's idle timeout, which the pings keep from firing on a
    // healthy but quiet connection.
    commandOptions: { timeout: commandTimeoutMs },
    pingInterval: Math.max(100, Math.floor(commandTimeoutMs / 2)),
    ...(options.name ? { name: options.name } : {}),
    socket: {
      connectTimeout: Math.min(connectTimeoutMs, 5_000),
      socketTimeout: commandTimeoutMs,
      reconnectStrategy: (retries: number, cause: Error) => {
        lastError = cause;
        if (isAuthFailure(cause)) return cause;
        return Math.min(50 * 2 ** Math.min(retries, 10), MAX_RECONNECT_DELAY_MS);
      },
    },
  });
  client.on("error", (error: unknown) => {
    lastError = error;
    if (!connected || down) return;
    down = true;
    options.logger?.warn(
      { code: "redis-unreachable" satisfies ClusterCode, redis: shown, err: error },
      `lost the connection to Redis at ${shown}; retrying`,
    );
  });
  client.on("ready", () => {
    if (down) options.logger?.info({ redis: shown }, `reconnected to Redis at ${shown}`);
    down = false;
  });

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no connection within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
  });
  try {
    // A server with a password accepts a connection that sent none; the first command then fails
    // with NOAUTH, so one PING makes a missing password an error here, not on first use.
    await Promise.race([client.connect().then(() => client.ping()), deadline]);
    connected = true;
    return client;
  } catch (error) {
    client.destroy();
    throw connectionError(shown, lastError ?? error, error);
  } finally {
    clearTimeout(timer);
  }
}

function checkUrl(url: string, shown: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new RedisConnectionError(
      "redis-bad-url",
      `the Redis URL ${shown} is not a URL`,
      "set GATEWAY_REDIS_URL (or --redis-url) to redis://[:password@]host:port[/db]",
      { cause },
    );
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw new RedisConnectionError(
      "redis-bad-url",
      `the Redis URL ${shown} has the scheme ${parsed.protocol} instead of redis: or rediss:`,
      "set GATEWAY_REDIS_URL (or --redis-url) to redis://[:password@]host:port[/db]",
    );
  }
}

function isAuthFailure(error: unknown): boolean {
  return /WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH <password> called without/i.test(
    String((error as { message?: unknown })?.message ?? error),
  );
}

function connectionError(shown: string, cause: unknown, outer: unknown): RedisConnectionError {
  const detail = String((cause as { message?: unknown })?.message ?? cause);
  if (isAuthFailure(cause) || isAuthFailure(outer)) {
    return new RedisConnectionError(
      "redis-auth-failed",
      `Redis at ${shown} refused the credentials: ${detail}`,
      "put the password Redis expects (requirepass or the ACL user's) in GATEWAY_REDIS_URL as redis://:password@host:port, or redis://user:password@host:port",
      { cause },
    );
  }
  return new RedisConnectionError(
    "redis-unreachable",
    `cannot connect to Redis at ${shown}: ${detail}`,
    "start Redis or correct the host and port in GATEWAY_REDIS_URL; check that a firewall lets this host reach it",
    { cause },
  );
}
