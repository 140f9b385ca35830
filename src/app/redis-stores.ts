import type { AppCode } from "./app-codes.js";
import { hostname } from "node:os";
import { createRedisChatMigrations } from "../cluster/chat-migrations-redis.js";
import { createRedisConversations } from "../cluster/conversations-redis.js";
import { openRedisJournal } from "../accounts/journal/journal-redis.js";
import { connectRedis } from "../cluster/redis-connection.js";
import { redisKeys } from "../cluster/redis-keys.js";
import type { Settings } from "../config/settings.js";
import type { Logger } from "../log/logger.js";
import { createRedisPairingDocument } from "../policy/pairing-document-redis.js";
import type { SharedStores } from "./shared-stores.js";

/** Cluster mode's stores: one Redis connection for the journals and the pairing document. */
export async function openRedisStores(settings: Settings, logger: Logger): Promise<SharedStores> {
  const replicaId = settings.replicaId || `${hostname()}-${process.pid}`;
  const log = logger.child({ component: "redis" });
  const client = await connectRedis({
    url: settings.redisUrl,
    logger: log,
    name: `wiki-gateway:${replicaId.replace(/[^\w.:-]/g, "_")}`,
  });
  const keys = redisKeys();
  log.info(
    { replicaId },
    "cluster mode: journals, pairing, group upgrades and conversations are kept in Redis",
  );
  return {
    pairing: createRedisPairingDocument({ client, keys }),
    journalFor: (account, fencingToken) =>
      openRedisJournal({
        client,
        keys,
        account,
        // No lease held here: an empty token, which the fence key never holds.
        ...(fencingToken
          ? { fence: () => ({ key: keys.fence(account), token: String(fencingToken() ?? "") }) }
          : {}),
      }),
    chatMigrations: createRedisChatMigrations({
      client,
      keys,
      onInvalid: (detail) =>
        log.warn(
          {
            code: "upgrades-store-invalid" satisfies AppCode,
            detail,
            remedy: `check the fields of ${keys.chatUpgrades} and HDEL those`,
          },
          "some group upgrades kept in Redis are unreadable and are ignored",
        ),
    }),
    conversations: createRedisConversations({ client, keys }),
    redis: { client, keys, replicaId },
    async close() {
      await client.close().catch(() => client.destroy());
    },
  };
}
