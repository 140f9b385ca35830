/**
 * Group upgrades the gateway has seen (a basic group becoming a supergroup with a new id), per
 * account, learnt from the service messages and from Telegram's 400 with migrate_to_chat_id.
 * In memory: the same upgrade is seen again after a restart the first time the old id is used.
 */
export interface ChatMigration {
  account: string;
  oldChatId: number;
  newChatId: number;
  /** ISO time it was first seen. */
  since: string;
}

export interface ChatMigrations {
  /** Records an upgrade; calls onNew (once per account and old id) the first time it is seen. */
  record(account: string, oldChatId: number, newChatId: number): void;
  /** The old id of a supergroup that was upgraded from a basic group, if seen. */
  migratedFrom(account: string, newChatId: number): number | undefined;
  list(): ChatMigration[];
}

export function createChatMigrations(onNew: (migration: ChatMigration) => void): ChatMigrations {
  const byOld = new Map<string, ChatMigration>();
  const byNew = new Map<string, ChatMigration>();
  return {
    record(account, oldChatId, newChatId) {
      if (!Number.isSafeInteger(oldChatId) || !Number.isSafeInteger(newChatId) || oldChatId === newChatId)
        return;
      const key = `${account}|${oldChatId}`;
      if (byOld.has(key)) return;
      const migration = { account, oldChatId, newChatId, since: new Date().toISOString() };
      byOld.set(key, migration);
      byNew.set(`${account}|${newChatId}`, migration);
      onNew(migration);
    },
    migratedFrom: (account, newChatId) => byNew.get(`${account}|${newChatId}`)?.oldChatId,
    list: () => [...byOld.values()],
  };
}

/** Exactly what to change in gateway.json after an upgrade. */
export function migrationRemedy(m: Pick<ChatMigration, "account" | "oldChatId" | "newChatId">): string {
  return `in gateway.json, rename the key "${m.oldChatId}" to "${m.newChatId}" in accounts.${m.account}.groups (until then the gateway answers the new id with the old entry)`;
}
