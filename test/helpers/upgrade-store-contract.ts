import { describe, expect, it } from "vitest";
import type { ChatMigration, ChatMigrationStore } from "../../src/core/chat-migrations.js";

/**
 * The contract of `ChatMigrationStore` (where group upgrades outlive the process), run against
 * each adapter: the state directory's file (test/unit/state/upgrade-file.test.ts) and Redis
 * (test/cluster/chat-migrations-redis.test.ts). A harness opens stores on fresh, isolated storage.
 */
export interface UpgradeStoreHarness {
  /** A store over the one storage of this test, as a new process (or replica) opens it. */
  open(options?: { maxEntries?: number }): ChatMigrationStore;
  /** Replaces the stored content by something that is not upgrades. */
  corrupt(): Promise<void>;
}

export const upgrade = (oldChatId: number, second = 0, account = "default"): ChatMigration => ({
  account,
  oldChatId,
  newChatId: Number(`-100${-oldChatId}`),
  since: new Date(Date.UTC(2026, 10, 24, 12, 0, second)).toISOString(),
});

export function upgradeStoreContract(name: string, harness: () => UpgradeStoreHarness): void {
  describe(`the group upgrades store (${name})`, () => {
    it("gives back in a new process what was added, oldest first, per account", async () => {
      const h = harness();
      const first = h.open();
      expect(await first.load()).toEqual([]);
      await first.add(upgrade(-2222, 1));
      await first.add(upgrade(-3333, 2, "support"));
      await first.flush();
      expect(await h.open().load()).toEqual([upgrade(-2222, 1), upgrade(-3333, 2, "support")]);
    });

    it("keeps the first upgrade seen for an account and old id", async () => {
      const h = harness();
      const store = h.open();
      await store.add(upgrade(-2222, 1));
      await store.add({ ...upgrade(-2222, 5), newChatId: -1009999 });
      await store.add(upgrade(-2222, 7, "support"));
      const loaded = await h.open().load();
      expect(loaded).toHaveLength(2);
      expect(loaded[0]).toEqual(upgrade(-2222, 1));
    });

    it("is bounded: beyond maxEntries the oldest go first", async () => {
      const h = harness();
      const store = h.open({ maxEntries: 3 });
      for (let i = 1; i <= 5; i++) await store.add(upgrade(-1000 - i, i));
      const loaded = await h.open({ maxEntries: 3 }).load();
      expect(loaded.map((m) => m.oldChatId)).toEqual([-1003, -1004, -1005]);
    });

    it("reads stored content that is not upgrades as none, and keeps what is added afterwards", async () => {
      const h = harness();
      await h.open().add(upgrade(-2222, 1));
      await h.corrupt();
      const store = h.open();
      expect(await store.load()).toEqual([]);
      await store.add(upgrade(-4444, 2));
      expect(await h.open().load()).toEqual([upgrade(-4444, 2)]);
    });
  });
}
