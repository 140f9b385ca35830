import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsReference } from "../../../src/config/settings.js";

/** The README's table of process settings must list exactly the settings the loader knows. */
const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

describe("README process settings", () => {
  it("has one row per setting, with its flag, variable and default", () => {
    const rows = [...readme.matchAll(/^\| `(--[a-z-]+)` +\| `([A-Z_]+)` +\| `([^`]*)` +\|/gm)].map((m) => ({
      flag: m[1],
      env: m[2],
      default: m[3],
    }));
    const expected = settingsReference().map((s) => ({
      flag: s.flag,
      env: s.env,
      // An empty default is written `""` (an empty code span would not show).
      default: s.default === "" ? '""' : String(s.default),
    }));
    expect(rows).toEqual(expected);
  });
});
