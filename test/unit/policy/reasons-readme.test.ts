import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DENY_REASONS } from "../../../src/policy/decision.js";

/** The reason codes of the README's table under "Access policy and pairing". */
function readmeReasons(): string[] {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Access policy and pairing"));
  const table = section.slice(section.indexOf("| reason ")).split("\n\n")[0]!;
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  return rows.map((row) => /^\| `([a-z-]+)`/.exec(row)![1]!);
}

describe("README reasons table", () => {
  it("lists every deny reason exactly once, and nothing else", () => {
    const listed = readmeReasons();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...DENY_REASONS].sort());
  });
});
