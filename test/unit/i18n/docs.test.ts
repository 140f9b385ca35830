import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../src/i18n/index.js";

const page = readFileSync(new URL("../../../docs/i18n.md", import.meta.url), "utf8");

describe("docs/i18n.md", () => {
  it("lists exactly the languages that have a catalogue, each with its file", () => {
    const section = page.slice(page.indexOf("## Languages"), page.indexOf("## How the language is chosen"));
    const rows = [...section.matchAll(/^\| `([a-z]{2,3})` +\|[^|]+\| `([^`]+)`/gm)];
    expect(rows.map((r) => r[1])).toEqual(LANGUAGES);
    for (const [, code, file] of rows) expect(file).toBe(`src/i18n/catalogues/${code}.ts`);
  });
});
