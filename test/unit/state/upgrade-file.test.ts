import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_CHAT_MIGRATIONS } from "../../../src/core/chat-migrations.js";
import { openUpgradeFile } from "../../../src/state/upgrade-file.js";
import { upgrade, upgradeStoreContract } from "../../helpers/upgrade-store-contract.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fileIn = () => {
  const dir = mkdtempSync(join(tmpdir(), "wg-upgrades-"));
  dirs.push(dir);
  return join(dir, "groups", "upgrades.json");
};

upgradeStoreContract("file", () => {
  const file = fileIn();
  return {
    open: (options = {}) => openUpgradeFile({ file, maxEntries: options.maxEntries ?? MAX_CHAT_MIGRATIONS }),
    corrupt: async () => writeFileSync(file, '{"v":1,"upgrades":[{"account":"default"'),
  };
});

describe("the group upgrades file", () => {
  it("is JSON with a version, written atomically (no temporary file left)", async () => {
    const file = fileIn();
    const store = openUpgradeFile({ file, maxEntries: 10 });
    await store.load();
    await store.add(upgrade(-2222, 1));
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ v: 1, upgrades: [upgrade(-2222, 1)] });
    expect(readdirSync(join(file, ".."))).toEqual(["upgrades.json"]);
  });

  it("keeps a corrupt file aside as .corrupt-<time>, says so once, and starts empty", async () => {
    const file = fileIn();
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, '{"v":1,"upgrades":[{"account":"default","oldChatId":"-2222"}]}');
    const problems: string[] = [];
    const store = openUpgradeFile({ file, maxEntries: 10, onCorrupt: (detail) => problems.push(detail) });
    expect(await store.load()).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/upgrades\.0\.oldChatId: .*kept as .*upgrades\.json\.corrupt-/);
    const aside = readdirSync(join(file, "..")).filter((f) => f.startsWith("upgrades.json.corrupt-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(file, "..", aside[0]!), "utf8")).toContain('"-2222"');
  });

  it("says what is wrong with a file that is not JSON", async () => {
    const file = fileIn();
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, "not json");
    const problems: string[] = [];
    await openUpgradeFile({ file, maxEntries: 10, onCorrupt: (d) => problems.push(d) }).load();
    expect(problems[0]).toMatch(/^not JSON/);
  });

  it("rejects load of a file that cannot be read, and leaves it as it is", async () => {
    const file = fileIn();
    // A folder where the file should be: reading fails with EISDIR (as a permission error would).
    mkdirSync(file, { recursive: true });
    const problems: string[] = [];
    const store = openUpgradeFile({ file, maxEntries: 10, onCorrupt: (d) => problems.push(d) });
    await expect(store.load()).rejects.toThrow(/EISDIR/);
    expect(problems).toEqual([]);
    expect(readdirSync(join(file, ".."))).toEqual(["upgrades.json"]);
  });

  it("rejects an add whose write failed, and the next write carries it", async () => {
    const file = fileIn();
    // A folder where the file should be: the rename fails.
    mkdirSync(file, { recursive: true });
    const store = openUpgradeFile({ file, maxEntries: 10 });
    await expect(store.add(upgrade(-2222, 1))).rejects.toThrow();
    rmSync(file, { recursive: true });
    await store.add(upgrade(-3333, 2));
    await store.flush();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ v: 1, upgrades: [upgrade(-2222, 1), upgrade(-3333, 2)] });
  });

  it("writes again after a failed write, when the same upgrade is reported again or on flush", async () => {
    const file = fileIn();
    mkdirSync(file, { recursive: true });
    const store = openUpgradeFile({ file, maxEntries: 10 });
    await expect(store.add(upgrade(-2222, 1))).rejects.toThrow();
    rmSync(file, { recursive: true });
    // The same upgrade again (a later 400 naming it): written although already kept.
    await store.add(upgrade(-2222, 1));
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ v: 1, upgrades: [upgrade(-2222, 1)] });

    const other = fileIn();
    mkdirSync(other, { recursive: true });
    const second = openUpgradeFile({ file: other, maxEntries: 10 });
    await expect(second.add(upgrade(-4444, 3))).rejects.toThrow();
    rmSync(other, { recursive: true });
    await second.flush();
    expect(JSON.parse(readFileSync(other, "utf8"))).toEqual({ v: 1, upgrades: [upgrade(-4444, 3)] });
  });
});
