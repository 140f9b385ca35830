/**
 * The slice of a Redis client the leases and the heartbeats need: one Lua script run atomically.
 * `@redis/client`'s `eval(script, { keys, arguments })` is one.
 */
export interface ScriptRunner {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Lua: the Redis server's clock in milliseconds (one clock for every replica). */
export const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
