import type { Settings } from "../config/settings.js";
import { createPairingStore, type PairingStore } from "../policy/pairing-store.js";
import { createStateLayout } from "../state/layout.js";

/**
 * The pairing store the `pairing` command works on: the state directory's pairing.json, or in
 * cluster mode (a Redis URL set) the pairing document in Redis that every replica reads. The Redis
 * client is loaded only then. `close` ends the Redis connection.
 */
export async function pairingStoreFor(
  settings: Settings,
): Promise<{ store: PairingStore; close: () => Promise<void> }> {
  if (settings.redisUrl === "") {
    const layout = createStateLayout(settings.stateDir);
    const store = createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock });
    return { store, close: async () => {} };
  }
  const [{ connectRedis }, { redisKeys }, { createRedisPairingDocument }, { createPairingStoreOn }] =
    await Promise.all([
      import("../cluster/redis-connection.js"),
      import("../cluster/redis-keys.js"),
      import("../policy/pairing-document-redis.js"),
      import("../policy/pairing-store.js"),
    ]);
  const client = await connectRedis({ url: settings.redisUrl, name: "wiki-gateway:pairing-cli" });
  const store = createPairingStoreOn(createRedisPairingDocument({ client, keys: redisKeys() }), {});
  return { store, close: () => client.close().catch(() => client.destroy()) };
}
