import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigInForce } from "../../../src/app/apply-config.js";
import { pendingUpgrades, wireChatMigrations } from "../../../src/app/wire-migrations.js";
import type { ChatMigrationStore } from "../../../src/core/chat-migrations.js";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { upgrade } from "../../helpers/upgrade-store-contract.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const stateFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "wg-wire-upgrades-"));
  dirs.push(dir);
  return join(dir, "groups", "upgrades.json");
};
/** A configuration in force listing these group ids for the account "default". */
const listing = (...ids: number[]) =>
  ({
    path: "gateway.json",
    runtime: { policies: new Map([["default", { groups: new Map(ids.map((id) => [String(id), {}])) }]]) },
  }) as unknown as ConfigInForce;

describe("group upgrades as the gateway wires them", () => {
  it("keeps a learnt upgrade in the state directory; the next process reads it back and reminds", async () => {
    const file = stateFile();
    const first = createMemoryLogger();
    const before = wireChatMigrations(first.logger, { file });
    await before.open();
    before.migrations.record("default", -2222, -1002222);
    await before.close();
    expect(first.lines().filter((l) => l.code === "group-upgraded")).toHaveLength(1);

    const second = createMemoryLogger();
    const after = wireChatMigrations(second.logger, { file });
    await after.open();
    expect(after.migrations.migratedFrom("default", -1002222)).toBe(-2222);
    after.remind(listing(-2222));
    expect(second.lines().filter((l) => l.code === "group-upgraded")).toMatchObject([
      { oldChatId: -2222, newChatId: -1002222, remembered: true },
    ]);
    // Seen again: not a second announcement, not a second entry.
    after.migrations.record("default", -2222, -1002222);
    await after.close();
    expect(second.lines().filter((l) => l.code === "group-upgraded")).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, "utf8")).upgrades).toHaveLength(1);
  });

  it("lists an upgrade as pending until gateway.json names the new id", async () => {
    const wired = wireChatMigrations(createMemoryLogger().logger, { file: stateFile() });
    wired.migrations.record("default", -2222, -1002222);
    expect(pendingUpgrades(wired.migrations, listing(-2222))).toHaveLength(1);
    expect(pendingUpgrades(wired.migrations, listing(-2222, -1002222))).toEqual([]);
    expect(pendingUpgrades(wired.migrations, listing(-1002222))).toEqual([]);
    const log = createMemoryLogger();
    const quiet = wireChatMigrations(log.logger, { file: stateFile() });
    quiet.migrations.adopt([upgrade(-2222, 1)]);
    quiet.remind(listing(-1002222));
    expect(log.lines().filter((l) => l.code === "group-upgraded")).toEqual([]);
    await wired.close();
  });

  it("starts with no upgrades, and says so, when the file is corrupt", async () => {
    const file = stateFile();
    const log = createMemoryLogger();
    const wired = wireChatMigrations(log.logger, { file });
    wired.migrations.record("default", -2222, -1002222);
    await wired.close();
    writeFileSync(file, "{");
    const next = wireChatMigrations(log.logger, { file });
    await next.open();
    expect(next.migrations.list()).toEqual([]);
    expect(log.lines().find((l) => l.code === "upgrades-file-corrupt")).toMatchObject({ level: 40 });
  });

  it("uses the shared store when there is one, follows it, and warns when a write fails", async () => {
    const kept = [upgrade(-2222, 1)];
    let changed: (() => Promise<void>) | undefined;
    const shared: ChatMigrationStore = {
      where: "redis key wg:{chat-upgrades}",
      load: async () => [...kept],
      add: () => Promise.reject(new Error("redis down")),
      watch: (onChange) => {
        changed = onChange;
        return { close: () => {} };
      },
      flush: async () => {},
    };
    const log = createMemoryLogger();
    const file = stateFile();
    const wired = wireChatMigrations(log.logger, { file, shared });
    await wired.open();
    expect(wired.migrations.migratedFrom("default", -1002222)).toBe(-2222);
    kept.push(upgrade(-3333, 2));
    await changed!();
    expect(wired.migrations.migratedFrom("default", -1003333)).toBe(-3333);
    wired.migrations.record("default", -4444, -1004444);
    await new Promise((r) => setImmediate(r));
    expect(log.lines().find((l) => l.code === "upgrades-store-write")).toMatchObject({ oldChatId: -4444 });
    expect(wired.migrations.migratedFrom("default", -1004444)).toBe(-4444);
    await wired.close();
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });
});
