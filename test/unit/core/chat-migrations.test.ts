import { describe, expect, it } from "vitest";
import { type ChatMigration, createChatMigrations } from "../../../src/core/chat-migrations.js";
import { upgrade } from "../../helpers/upgrade-store-contract.js";

describe("chat migrations in memory", () => {
  it("announces an upgrade once per account and old id, and maps the new id back", () => {
    const seen: ChatMigration[] = [];
    const migrations = createChatMigrations((m) => seen.push(m));
    migrations.record("default", -2222, -1002222);
    migrations.record("default", -2222, -1002222);
    migrations.record("default", -2222, -1009999);
    migrations.record("default", -3333, -3333);
    expect(seen).toHaveLength(1);
    expect(migrations.migratedFrom("default", -1002222)).toBe(-2222);
    expect(migrations.migratedFrom("support", -1002222)).toBeUndefined();
  });

  it("adopts kept upgrades without announcing them, and returns only the new ones", () => {
    const seen: ChatMigration[] = [];
    const migrations = createChatMigrations((m) => seen.push(m));
    migrations.record("default", -2222, -1002222);
    const added = migrations.adopt([{ ...upgrade(-2222, 1), newChatId: -1009999 }, upgrade(-3333, 2)]);
    expect(added).toEqual([upgrade(-3333, 2)]);
    expect(seen).toHaveLength(1);
    expect(migrations.migratedFrom("default", -1003333)).toBe(-3333);
    expect(migrations.migratedFrom("default", -1009999)).toBeUndefined();
    // Seen again after being adopted (a service message replayed): not announced again.
    migrations.record("default", -3333, -1003333);
    expect(seen).toHaveLength(1);
  });

  it("keeps at most maxEntries, the oldest dropped from both directions", () => {
    const migrations = createChatMigrations(() => {}, 2);
    migrations.adopt([upgrade(-1001, 1), upgrade(-1002, 2)]);
    migrations.record("default", -1003, -1001003);
    expect(migrations.list().map((m) => m.oldChatId)).toEqual([-1002, -1003]);
    expect(migrations.migratedFrom("default", -1001001)).toBeUndefined();
    expect(migrations.migratedFrom("default", -1001003)).toBe(-1003);
  });
});
