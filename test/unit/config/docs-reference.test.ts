import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildGatewayJsonSchema } from "../../../src/config/json-schema.js";
import { KNOWN_KEYS } from "../../../src/config/schema.js";

/**
 * The configuration reference (docs/configuration.md) must list exactly the keys the schema accepts, with the
 * meaning and default the JSON schema shows in editors (texts live in src/config/field-docs.ts).
 */
const page = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");

interface Row {
  key: string;
  fallback: string;
  meaning: string;
}

function rowsUnder(heading: string): Row[] {
  const start = page.indexOf(`### ${heading}`);
  expect(start, `docs/configuration.md has no "### ${heading}" section`).toBeGreaterThan(-1);
  const rest = page.slice(start + 4);
  const end = rest.search(/\n##/);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([^`]+)` *\|.*?[^\\]\| *(.*?) *\| *(.*?) *\|$/gm)].map((m) => ({
    key: m[1]!,
    fallback: m[2]!,
    meaning: m[3]!,
  }));
}

const keysUnder = (heading: string): string[] => rowsUnder(heading).map((row) => row.key);

type Node = { properties: Record<string, { description?: string; default?: unknown }>; required?: string[] };
const root = buildGatewayJsonSchema() as unknown as Node & { properties: Record<string, any> };
const account: Node = root.properties.accounts.additionalProperties;
const binding: Node = root.properties.bindings.items;
const groupNode = (account.properties.groups as any).additionalProperties;
const NODES: Array<[string, Node]> = [
  ["Top level", root],
  ["Account (`accounts.<name>`)", account],
  ["Group (`accounts.<name>.groups.<id>`)", groupNode],
  [
    "Topics (`accounts.<name>.groups.<id>.topics.<thread>`)",
    groupNode.properties.topics.additionalProperties,
  ],
  ["Binding (`bindings[]`)", binding],
  ["Binding match (`bindings[].match`)", binding.properties.match as any],
  ["Agent (`agents.<id>`)", root.properties.agents.additionalProperties],
  [
    "Unanswered questions (`agents.<id>.unanswered`)",
    root.properties.agents.additionalProperties.properties.unanswered,
  ],
  [
    "Digest (`agents.<id>.unanswered.digest`)",
    root.properties.agents.additionalProperties.properties.unanswered.properties.digest,
  ],
  ["Model (`models.<name>`)", root.properties.models.additionalProperties],
];

/** The reference's default cell for a key: the JSON value in backticks, "required", or prose/"—". */
function expectedDefault(node: Node, key: string, cell: string): void {
  const stated = node.properties[key]!.default;
  if (stated !== undefined) {
    const inside = /^`(.*)`$/.exec(cell)?.[1];
    expect([JSON.stringify(stated), String(stated)], `default of ${key}`).toContain(inside);
  } else if (node.required?.includes(key)) expect(cell, `${key} is required`).toBe("required");
  else expect(cell, `${key} has no default in the schema`).not.toMatch(/^`|^required$/);
}

describe("docs/configuration.md: the gateway.json reference", () => {
  it.each([
    ["Top level", KNOWN_KEYS.root],
    ["Account (`accounts.<name>`)", KNOWN_KEYS.account],
    ["Group (`accounts.<name>.groups.<id>`)", KNOWN_KEYS.group],
    ["Topics (`accounts.<name>.groups.<id>.topics.<thread>`)", KNOWN_KEYS.topic],
    ["Binding (`bindings[]`)", KNOWN_KEYS.binding],
    ["Binding match (`bindings[].match`)", KNOWN_KEYS.match],
    ["Agent (`agents.<id>`)", KNOWN_KEYS.agent],
    ["Unanswered questions (`agents.<id>.unanswered`)", KNOWN_KEYS.unanswered],
    ["Digest (`agents.<id>.unanswered.digest`)", KNOWN_KEYS.digest],
    ["Model (`models.<name>`)", KNOWN_KEYS.model],
  ])("%s", (heading, keys) => {
    expect(keysUnder(heading).sort()).toEqual([...keys].sort());
  });

  it.each(NODES)("%s: meanings and defaults are the schema's", (heading, node) => {
    for (const row of rowsUnder(heading)) {
      expect(
        row.meaning,
        `docs/configuration.md meaning of ${row.key}: copy it from src/config/field-docs.ts`,
      ).toBe(node.properties[row.key]?.description);
      expectedDefault(node, row.key, row.fallback);
    }
  });
});
