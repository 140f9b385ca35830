import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KNOWN_KEYS } from "../../../src/config/schema.js";

/** The README's configuration reference must list exactly the keys the schema accepts. */
const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

function keysUnder(heading: string): string[] {
  const start = readme.indexOf(`### ${heading}`);
  expect(start, `README has no "### ${heading}" section`).toBeGreaterThan(-1);
  const rest = readme.slice(start + 4);
  const end = rest.search(/\n##/);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([^`]+)` *\|/gm)].map((m) => m[1]!);
}

describe("README configuration reference", () => {
  it.each([
    ["Top level", KNOWN_KEYS.root],
    ["Account (`accounts.<name>`)", KNOWN_KEYS.account],
    ["Group (`accounts.<name>.groups.<id>`)", KNOWN_KEYS.group],
    ["Binding (`bindings[]`)", KNOWN_KEYS.binding],
    ["Binding match (`bindings[].match`)", KNOWN_KEYS.match],
    ["Agent (`agents.<id>`)", KNOWN_KEYS.agent],
  ])("%s", (heading, keys) => {
    expect(keysUnder(heading).sort()).toEqual([...keys].sort());
  });
});
