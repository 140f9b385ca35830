import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsReference } from "../../../src/config/settings.js";

/** The table of process settings in docs/configuration.md must list exactly the settings the loader knows. */
const page = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");

describe("docs/configuration.md: process settings", () => {
  it("has one row per setting, with its flag, variable and default", () => {
    const rows = [...page.matchAll(/^\| `(--[a-z-]+)` +\| `([A-Z_]+)` +\| `([^`]*)` +\|/gm)].map((m) => ({
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
