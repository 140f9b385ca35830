/**
 * Group upgrades the gateway has seen (a basic group becoming a supergroup with a new id), per
 * account, learnt from the service messages and from Telegram's 400 with migrate_to_chat_id.
 * Telegram says it once: afterwards messages come only from the new id and nothing is sent to the
 * old one again. So the upgrades are kept beyond the process by a `ChatMigrationStore` (the state
 * directory, or Redis in cluster mode) and loaded back with `adopt` at start: a restart or an
 * account moving to another replica still answers the new id with the old id's entry.
 */
export interface ChatMigration {
  account: string;
  oldChatId: number;
  newChatId: number;
  /** ISO time it was first seen. */
  since: string;
}

/** At most this many upgrades are kept (in memory and in a store); the oldest go first. */
export const MAX_CHAT_MIGRATIONS = 1_000;

export interface ChatMigrations {
  /** Records an upgrade; calls onNew (once per account and old id) the first time it is seen. */
  record(account: string, oldChatId: number, newChatId: number): void;
  /** The old id of a supergroup that was upgraded from a basic group, if seen. */
  migratedFrom(account: string, newChatId: number): number | undefined;
  /** Every upgrade kept, oldest first. */
  list(): ChatMigration[];
  /**
   * Takes upgrades learnt before (a store, another replica) without calling onNew: an account and
   * old id already known keeps what it has. Returns the ones that were new here.
   */
  adopt(migrations: readonly ChatMigration[]): ChatMigration[];
}

/**
 * Where upgrades are kept beyond the process. Contract: `load` returns every upgrade kept, oldest
 * first (content that is not an upgrade is left out and reported by the adapter, never thrown);
 * it rejects only when the store cannot be reached. `add` keeps one upgrade; the first one kept
 * for an account and old id wins; at most `MAX_CHAT_MIGRATIONS` are kept, the oldest dropped; it
 * rejects when the write failed (a later `add` may still keep it). `watch`, where several
 * processes share the store, calls `onChange` when another one may have added some.
 */
export interface ChatMigrationStore {
  /** How a person finds it: the file's path or the Redis key. */
  readonly where: string;
  load(): Promise<ChatMigration[]>;
  add(migration: ChatMigration): Promise<void>;
  watch?(onChange: () => Promise<void>): { close(): void };
  /** Resolves once the writes under way are done; never rejects. */
  flush(): Promise<void>;
}

export function createChatMigrations(
  onNew: (migration: ChatMigration) => void,
  maxEntries = MAX_CHAT_MIGRATIONS,
): ChatMigrations {
  const byOld = new Map<string, ChatMigration>();
  const byNew = new Map<string, ChatMigration>();
  const oldKey = (m: Pick<ChatMigration, "account" | "oldChatId">) => `${m.account}|${m.oldChatId}`;
  const newKey = (account: string, newChatId: number) => `${account}|${newChatId}`;
  const valid = (oldChatId: number, newChatId: number) =>
    Number.isSafeInteger(oldChatId) && Number.isSafeInteger(newChatId) && oldChatId !== newChatId;

  /** Keeps `m` unless its account and old id are known; drops the oldest beyond the bound. */
  function keep(m: ChatMigration): boolean {
    if (!valid(m.oldChatId, m.newChatId) || byOld.has(oldKey(m))) return false;
    byOld.set(oldKey(m), m);
    byNew.set(newKey(m.account, m.newChatId), m);
    for (const [key, oldest] of byOld) {
      if (byOld.size <= maxEntries) break;
      byOld.delete(key);
      if (byNew.get(newKey(oldest.account, oldest.newChatId)) === oldest) {
        byNew.delete(newKey(oldest.account, oldest.newChatId));
      }
    }
    return true;
  }

  return {
    record(account, oldChatId, newChatId) {
      const migration = { account, oldChatId, newChatId, since: new Date().toISOString() };
      if (keep(migration)) onNew(migration);
    },
    migratedFrom: (account, newChatId) => byNew.get(newKey(account, newChatId))?.oldChatId,
    list: () => [...byOld.values()],
    adopt: (migrations) => migrations.filter((m) => keep({ ...m })),
  };
}

/** Exactly what to change in gateway.json after an upgrade. */
export function migrationRemedy(m: Pick<ChatMigration, "account" | "oldChatId" | "newChatId">): string {
  return `in gateway.json, rename the key "${m.oldChatId}" to "${m.newChatId}" in accounts.${m.account}.groups (until then the gateway answers the new id with the old entry)`;
}
