import type { RedisConnection } from "./redis-connection.js";
import type { RedisKeys } from "./redis-keys.js";
import { redisScript } from "./redis-script.js";
import { pollRevision } from "./revision-poll.js";
import { type ChatMigration, type ChatMigrationStore, MAX_CHAT_MIGRATIONS } from "../core/chat-migrations.js";

export interface RedisChatMigrationOptions {
  client: RedisConnection;
  keys: RedisKeys;
  maxEntries?: number;
  /** How often `watch` polls the revision (default 1 s). */
  pollMs?: number;
  /** Fields of the hash that are not an upgrade: left out of `load` (and left in Redis). */
  onInvalid?: (detail: string) => void;
}

/** HSETNX KEYS[1] ARGV[1] ARGV[2]; a new field raises the revision KEYS[2]. Returns HLEN. */
const ADD = redisScript(`
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then redis.call('INCR', KEYS[2]) end
return redis.call('HLEN', KEYS[1])`);

/**
 * Group upgrades in Redis (cluster mode), shared by every replica: one HASH (`keys.chatUpgrades`),
 * field `<account>|<old chat id>`, value `{"newChatId":…,"since":"…"}`, and a revision counter
 * (`keys.chatUpgradesRevision`) raised by each new field, which `watch` polls. An upgrade learnt
 * by one replica is thus known to the one that takes the account over, and after every restart.
 * Beyond `maxEntries` the oldest fields (by `since`) are deleted.
 */
export function createRedisChatMigrations(options: RedisChatMigrationOptions): ChatMigrationStore {
  const { client, keys } = options;
  const maxEntries = options.maxEntries ?? MAX_CHAT_MIGRATIONS;
  const pollMs = options.pollMs ?? 1_000;
  const field = (m: Pick<ChatMigration, "account" | "oldChatId">) => `${m.account}|${m.oldChatId}`;
  let writing: Promise<unknown> = Promise.resolve();

  async function load(): Promise<ChatMigration[]> {
    const fields = await client.hGetAll(keys.chatUpgrades);
    const found: ChatMigration[] = [];
    const invalid: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      const migration = parseField(name, value);
      if (migration) found.push(migration);
      else invalid.push(name);
    }
    if (invalid.length > 0) {
      options.onInvalid?.(
        `${invalid.length} field(s) of ${keys.chatUpgrades} are not upgrades: ${invalid.slice(0, 5).join(", ")}`,
      );
    }
    return found.sort((a, b) => a.since.localeCompare(b.since));
  }

  async function trim(): Promise<void> {
    const all = await load();
    const extra = all.slice(0, Math.max(0, all.length - maxEntries)).map(field);
    if (extra.length > 0) await client.hDel(keys.chatUpgrades, extra);
  }

  return {
    where: `redis key ${keys.chatUpgrades}`,
    load,
    add(m) {
      const value = JSON.stringify({ newChatId: m.newChatId, since: m.since });
      const write = ADD.run(client, [keys.chatUpgrades, keys.chatUpgradesRevision], [field(m), value]).then(
        (size) => (Number(size) > maxEntries ? trim() : undefined),
      );
      writing = Promise.all([writing, write.catch(() => {})]);
      return write;
    },
    // The first poll reports too: a load that failed at start is made good.
    watch: (onChange) =>
      pollRevision(client, keys.chatUpgradesRevision, onChange, { pollMs, reportFirst: true }),
    flush: () => writing.then(() => {}),
  };
}

function parseField(name: string, value: string): ChatMigration | undefined {
  const cut = name.lastIndexOf("|");
  const account = name.slice(0, cut);
  const oldChatId = Number(name.slice(cut + 1));
  let parsed: { newChatId?: unknown; since?: unknown };
  try {
    parsed = JSON.parse(value) as typeof parsed;
  } catch {
    return undefined;
  }
  const { newChatId, since } = parsed ?? {};
  if (cut <= 0 || !Number.isSafeInteger(oldChatId) || !/^-?\d+$/.test(name.slice(cut + 1))) return undefined;
  if (typeof newChatId !== "number" || !Number.isSafeInteger(newChatId) || typeof since !== "string") {
    return undefined;
  }
  return { account, oldChatId, newChatId, since };
}
