import { createHash } from "node:crypto";
import type { RedisConnection } from "./redis-connection.js";

/** A Lua script run atomically by Redis; sent by hash (EVALSHA), by text only when Redis lacks it. */
export interface RedisScript {
  run(client: RedisConnection, keys: readonly string[], args: readonly string[]): Promise<unknown>;
}

export function redisScript(source: string): RedisScript {
  const sha = createHash("sha1").update(source).digest("hex");
  return {
    async run(client, keys, args) {
      const options = { keys: [...keys], arguments: [...args] };
      try {
        return await client.evalSha(sha, options);
      } catch (error) {
        // A restarted or flushed Redis forgot the script: EVAL loads it again.
        if (!/NOSCRIPT/.test(String((error as Error)?.message))) throw error;
        return client.eval(source, options);
      }
    },
  };
}

/**
 * Lua prelude of a fenced write: when a fence key is given (KEYS[1] non-empty placeholder is not
 * allowed in Lua, so the fence key and token travel as the first two ARGV), the write happens only
 * while that key still holds the token; otherwise the script returns the error `FENCED`.
 */
export const FENCE_CHECK = `
local fenceKey, fenceToken = ARGV[1], ARGV[2]
if fenceKey ~= '' and redis.call('GET', fenceKey) ~= fenceToken then
  return redis.error_reply("FENCED the fence key " .. fenceKey .. " no longer holds this writer's token")
end
`;

/** Where a fenced writer checks it still owns what it writes: the key and the token it must hold. */
export interface Fence {
  key: string;
  token: string;
}

/** The two ARGV a script with `FENCE_CHECK` expects first. */
export function fenceArgs(fence: Fence | undefined): [string, string] {
  return fence === undefined ? ["", ""] : [fence.key, fence.token];
}
