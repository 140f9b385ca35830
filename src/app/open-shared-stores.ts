import type { Settings } from "../config/settings.js";
import type { Logger } from "../log/logger.js";
import type { SharedStores } from "./shared-stores.js";

export type { SharedStores } from "./shared-stores.js";

/**
 * Opens the shared stores the settings ask for. The Redis client and adapters are loaded by
 * dynamic import only when `settings.redisUrl` is set: a single-process gateway never loads them.
 * Rejects with a `RedisConnectionError` (code and remedy) when Redis cannot be reached.
 */
export async function openSharedStores(settings: Settings, logger: Logger): Promise<SharedStores> {
  if (settings.redisUrl === "") return { close: async () => {} };
  const { openRedisStores } = await import("./redis-stores.js");
  return openRedisStores(settings, logger);
}
