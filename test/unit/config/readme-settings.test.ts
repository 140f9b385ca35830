import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsReference } from "../../../src/config/settings.js";

/** The README's table of process settings lists every setting, with its variable and default. */
describe("README settings table", () => {
  it("has one row per setting, with the same flag, environment variable and default", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const rows = new Map<string, { env: string; default: string }>();
    for (const line of readme.split("\n")) {
      const m = /^\| `--([a-z-]+)` +\| `([A-Z_]+)` +\| `([^`]*)` +\|/.exec(line);
      if (m) rows.set(m[1]!, { env: m[2]!, default: m[3]! });
    }
    const reference = settingsReference();
    expect([...rows.keys()].sort()).toEqual(reference.map((s) => s.arg).sort());
    for (const setting of reference) {
      expect(rows.get(setting.arg), setting.arg).toEqual({
        env: setting.env,
        default: String(setting.default),
      });
    }
  });
});
