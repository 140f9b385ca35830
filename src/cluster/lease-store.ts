import { type RedisKeys, redisKeys } from "./redis-keys.js";
import { NOW_MS, type ScriptRunner } from "./redis-scripts.js";

/** A lease this replica holds: the exact value stored in Redis, and its fencing token. */
export interface Lease {
  account: string;
  replica: string;
  /** Fencing token: INCR of the account's counter at acquisition, so a later owner's is higher. */
  token: number;
  /** The stored value `<replica>\n<token>\n<acquired at, Redis ms>`; renew/release/check compare it. */
  value: string;
}

/** Who holds an account's lease, as /status and the metrics show it. */
export interface LeaseInfo {
  account: string;
  owner: string | undefined;
  token: number | undefined;
  /** Milliseconds since the lease was acquired (Redis clock). */
  ageMs: number | undefined;
  /** Milliseconds until it expires unless renewed. */
  ttlMs: number | undefined;
}

export interface LeaseStore {
  /**
   * Takes the lease when nobody holds it (or this replica's earlier incarnation does): a new
   * token. Otherwise `{ busyMs }`: how long the current holder's lease has left (or, for one TTL
   * after Redis started with no data, how long until leases may be granted again).
   */
  acquire(account: string, replica: string): Promise<Lease | { busyMs: number }>;
  /** Extends the lease by the TTL if it is still exactly this one; false when it is gone or taken. */
  renew(lease: Lease): Promise<boolean>;
  /** Deletes the lease if it is still exactly this one. */
  release(lease: Lease): Promise<boolean>;
  /**
   * The fencing check, one atomic compare: the lease is still this one and its token is the
   * account's latest. Returns the lease's remaining milliseconds in Redis, or undefined when not.
   */
  check(lease: Lease): Promise<number | undefined>;
  inspect(accounts: readonly string[]): Promise<LeaseInfo[]>;
}

// KEYS: lease, fence, epoch. ARGV: replica, ttl ms. SET NX semantics, with two additions:
// - a replica id that finds its own earlier lease (a restart with the same id) takes it over with a
//   new token, fencing the old one out;
// - the epoch key marks when this Redis' data began for the account. Missing, Redis lost its data (a restart without
//   persistence, a flush) or is new: leases it forgot may still be in use until their local
//   deadlines, so nothing is granted until one TTL after the epoch.
const ACQUIRE = `${NOW_MS}
local born = tonumber(redis.call('GET', KEYS[3]))
if not born then
  redis.call('SET', KEYS[3], now)
  born = now
end
if now - born < tonumber(ARGV[2]) then return tonumber(ARGV[2]) - (now - born) end
local cur = redis.call('GET', KEYS[1])
if cur then
  local owner = string.match(cur, '^([^\\n]*)\\n')
  if owner ~= ARGV[1] then return redis.call('PTTL', KEYS[1]) end
end
local token = redis.call('INCR', KEYS[2])
local value = ARGV[1] .. '\\n' .. token .. '\\n' .. now
redis.call('SET', KEYS[1], value, 'PX', ARGV[2])
return value`;

// KEYS: lease. ARGV: value, ttl ms.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

// KEYS: lease. ARGV: value.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

// KEYS: lease, fence. ARGV: value, token.
const CHECK = `if redis.call('GET', KEYS[1]) == ARGV[1] and redis.call('GET', KEYS[2]) == ARGV[2] then
  return redis.call('PTTL', KEYS[1])
end
return -1`;

// KEYS: leases. Returns now, then value and PTTL of each.
const INSPECT = `${NOW_MS}
local out = { now }
for i, key in ipairs(KEYS) do
  out[#out + 1] = redis.call('GET', key) or ''
  out[#out + 1] = redis.call('PTTL', key)
end
return out`;

/**
 * Account leases in Redis (key names in `redis-keys.ts`): the lease (the holder, with a TTL), the
 * fencing counter (never deleted, so tokens only grow) and the lease epoch (when this Redis' data
 * began for the account: no lease is granted during the first TTL after it). An account's three
 * keys share its hash tag, so each script touches one slot.
 * Every operation is one Lua script, so it is atomic against every other replica's.
 */
export function createLeaseStore(
  redis: ScriptRunner,
  options: { ttlMs: number; keys?: RedisKeys },
): LeaseStore {
  const keys = options.keys ?? redisKeys();
  const leaseKey = keys.lease;
  const fenceKey = keys.fence;
  const ttl = String(options.ttlMs);

  return {
    async acquire(account, replica) {
      const value = await redis.eval(ACQUIRE, {
        keys: [leaseKey(account), fenceKey(account), keys.leaseEpoch(account)],
        arguments: [replica, ttl],
      });
      if (typeof value !== "string") return { busyMs: Math.max(0, Number(value)) };
      return { account, replica, token: parseValue(value)!.token, value };
    },
    async renew(lease) {
      const done = await redis.eval(RENEW, {
        keys: [leaseKey(lease.account)],
        arguments: [lease.value, ttl],
      });
      return Number(done) === 1;
    },
    async release(lease) {
      const done = await redis.eval(RELEASE, { keys: [leaseKey(lease.account)], arguments: [lease.value] });
      return Number(done) === 1;
    },
    async check(lease) {
      const pttl = Number(
        await redis.eval(CHECK, {
          keys: [leaseKey(lease.account), fenceKey(lease.account)],
          arguments: [lease.value, String(lease.token)],
        }),
      );
      return pttl >= 0 ? pttl : undefined;
    },
    async inspect(accounts) {
      if (accounts.length === 0) return [];
      const reply = (await redis.eval(INSPECT, { keys: accounts.map(leaseKey), arguments: [] })) as unknown[];
      const now = Number(reply[0]);
      return accounts.map((account, i) => {
        const parsed = parseValue(String(reply[1 + i * 2] ?? ""));
        const pttl = Number(reply[2 + i * 2]);
        return {
          account,
          owner: parsed?.replica,
          token: parsed?.token,
          ageMs: parsed ? Math.max(0, now - parsed.acquiredAt) : undefined,
          ttlMs: parsed && pttl >= 0 ? pttl : undefined,
        };
      });
    },
  };
}

function parseValue(value: string): { replica: string; token: number; acquiredAt: number } | undefined {
  const parts = value.split("\n");
  if (parts.length !== 3) return undefined;
  return { replica: parts[0]!, token: Number(parts[1]), acquiredAt: Number(parts[2]) };
}
