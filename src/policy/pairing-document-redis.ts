import { randomBytes } from "node:crypto";
import type { RedisConnection } from "../cluster/redis-connection.js";
import type { RedisKeys } from "../cluster/redis-keys.js";
import { pollRevision } from "../cluster/revision-poll.js";
import { FENCE_CHECK, redisScript } from "../cluster/redis-script.js";
import { PairingError } from "./pairing-error.js";
import type { PairingDocument } from "./pairing-document.js";

export interface RedisPairingDocumentOptions {
  client: RedisConnection;
  keys: RedisKeys;
  /** A lock older than this is left over from a crashed holder: it expires (Redis TTL). */
  lockTtlMs?: number;
  /** How long a write waits for the lock before failing with `pairing-lock-timeout`. */
  lockTimeoutMs?: number;
}

/** SET KEYS[1] (the document) to ARGV[3] and raise KEYS[2] (the revision), while the lock holds. */
const WRITE = redisScript(`${FENCE_CHECK}
redis.call('SET', KEYS[1], ARGV[3])
return redis.call('INCR', KEYS[2])`);
/** RENAME the document to ARGV[3] (when it exists) and raise the revision, while the lock holds. */
const SET_ASIDE = redisScript(`${FENCE_CHECK}
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('RENAME', KEYS[1], ARGV[3]) end
return redis.call('INCR', KEYS[2])`);
/** DEL the lock KEYS[1] only while it still holds this holder's token ARGV[1]. */
const UNLOCK = redisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

/**
 * The pairing document in Redis (cluster mode), shared by every replica and the `pairing` CLI:
 * the JSON text of pairing.json in one key (`keys.pairing`), a revision counter raised by every
 * write (`keys.pairingRevision`, what `watch` polls), and a lock (`keys.pairingLock`: SET NX with a
 * random token and a TTL).
 *
 * Contract beyond `PairingDocument`: each write is a script that first checks the lock still holds
 * this holder's token, so a holder that stalled past the lock's TTL cannot overwrite a newer
 * holder's write (it fails with `pairing-lock-timeout` and changes nothing). Kept copies go to
 * `keys.pairingAside(kind, time)`.
 */
export function createRedisPairingDocument(options: RedisPairingDocumentOptions): PairingDocument {
  const { client, keys } = options;
  const lockTtlMs = options.lockTtlMs ?? 10_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
  const where = `redis key ${keys.pairing}`;

  const unavailable = (what: string, cause: unknown): PairingError =>
    new PairingError(
      "pairing-store-unavailable",
      `cannot ${what} the pairing state in Redis (${keys.pairing}): ${String((cause as Error)?.message ?? cause)}`,
      "check that Redis is up and reachable (GATEWAY_REDIS_URL), then retry",
      { cause },
    );
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof PairingError) throw error;
      if (/FENCED/.test(String((error as Error)?.message))) {
        throw new PairingError(
          "pairing-lock-timeout",
          `held the pairing lock (${keys.pairingLock}) longer than its ${lockTtlMs} ms and lost it; nothing was written`,
          "retry; if it recurs, Redis or this host is too slow (check the latency between them)",
          { cause: error },
        );
      }
      throw unavailable(what, error);
    }
  };

  const acquire = async (token: string): Promise<void> => {
    const started = Date.now();
    for (;;) {
      const got = await call("lock", () => client.set(keys.pairingLock, token, { NX: true, PX: lockTtlMs }));
      if (got === "OK") return;
      if (Date.now() - started > lockTimeoutMs) {
        throw new PairingError(
          "pairing-lock-timeout",
          `could not take the pairing lock ${keys.pairingLock} within ${Math.round(lockTimeoutMs / 1000)} s`,
          `another replica or pairing command holds it; retry (a lock left by a crash expires after ${Math.round(lockTtlMs / 1000)} s)`,
        );
      }
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 20)));
    }
  };

  return {
    where,
    read: () => call("read", async () => (await client.get(keys.pairing)) ?? ""),
    async locked(fn) {
      const token = randomBytes(16).toString("hex");
      await acquire(token);
      const fenced = (script: typeof WRITE, arg: string) =>
        call("write", () =>
          script.run(client, [keys.pairing, keys.pairingRevision], [keys.pairingLock, token, arg]),
        );
      try {
        return await fn({
          write: async (text) => void (await fenced(WRITE, text)),
          async setAside() {
            const kept = keys.pairingAside("corrupt", new Date());
            await fenced(SET_ASIDE, kept);
            return kept;
          },
        });
      } finally {
        await UNLOCK.run(client, [keys.pairingLock], [token]).catch(() => {});
      }
    },
    async keepCopy(text) {
      const kept = keys.pairingAside("invalid", new Date());
      await call("keep a copy of", () => client.set(kept, text));
      return kept;
    },
    watch: (onChange, { pollMs }) => pollRevision(client, keys.pairingRevision, onChange, { pollMs }),
  };
}
