import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { textsIn } from "../../../src/i18n/index.js";
import { TAP_NOTICES } from "../../../src/pipeline/choice-tap.js";

const page = readFileSync(new URL("../../../docs/answers-and-commands.md", import.meta.url), "utf8");

describe("docs/answers-and-commands.md: button taps", () => {
  it("has a row for every tap outcome, with the notice the user sees, and no stale ones", () => {
    const table = page.slice(page.indexOf("| tap outcome"), page.indexOf("If Telegram refuses the answer"));
    const rows = [...table.matchAll(/^\| `([a-z-]+)`\s*\|[^|]*\|\s*(.*?)\s*\|$/gm)].map(
      (m): [string, string] => [m[1]!, m[2]!],
    );
    expect(rows.map(([code]) => code).sort()).toEqual(["answered", ...Object.keys(TAP_NOTICES)].sort());
    for (const [code, shown] of rows) {
      if (code in TAP_NOTICES)
        expect(shown).toBe(`"${textsIn("en").t(TAP_NOTICES[code as keyof typeof TAP_NOTICES])}"`);
    }
  });
});
