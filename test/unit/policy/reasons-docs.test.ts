import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DENY_REASONS } from "../../../src/policy/decision.js";

/** The reason codes of the table under "Reason codes" in docs/access-policy.md. */
function documentedReasons(): string[] {
  const page = readFileSync(new URL("../../../docs/access-policy.md", import.meta.url), "utf8");
  const section = page.slice(page.indexOf("## Reason codes"));
  const table = section.slice(section.indexOf("| reason ")).split("\n\n")[0]!;
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  return rows.map((row) => /^\| `([a-z-]+)`/.exec(row)![1]!);
}

describe("docs/access-policy.md: reason codes table", () => {
  it("lists every deny reason exactly once, and nothing else", () => {
    const listed = documentedReasons();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...DENY_REASONS].sort());
  });
});
