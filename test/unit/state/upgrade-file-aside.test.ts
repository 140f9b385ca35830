import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { upgrade } from "../../helpers/upgrade-store-contract.js";

/** Renames to a `.corrupt-` name fail while `refuseAside` is set (as on a read-only folder). */
const control = vi.hoisted(() => ({ refuseAside: true }));
vi.mock("node:fs/promises", async (original) => {
  const real = await original<typeof import("node:fs/promises")>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (control.refuseAside && String(to).includes(".corrupt-"))
        throw Object.assign(new Error("EACCES: permission denied, rename"), { code: "EACCES" });
      return real.rename(from, to);
    },
  };
});
const { openUpgradeFile } = await import("../../../src/state/upgrade-file.js");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("a corrupt upgrades file that cannot be set aside", () => {
  it("is reported as left in place, never overwritten, and set aside by the first write that can", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wg-upgrades-aside-"));
    dirs.push(dir);
    const file = join(dir, "upgrades.json");
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, "not json");
    const problems: string[] = [];
    const store = openUpgradeFile({ file, maxEntries: 10, onCorrupt: (d) => problems.push(d) });
    control.refuseAside = true;
    expect(await store.load()).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/could not be set aside \(EACCES.*left in place, never overwritten/);
    expect(problems[0]).not.toMatch(/kept as/);
    await expect(store.add(upgrade(-2222, 1))).rejects.toThrow(/EACCES/);
    expect(readFileSync(file, "utf8")).toBe("not json");

    control.refuseAside = false;
    await store.flush();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ v: 1, upgrades: [upgrade(-2222, 1)] });
  });
});
