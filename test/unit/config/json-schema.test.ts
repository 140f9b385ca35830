import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkUserId, isGroupKey, isTopicKey } from "../../../src/config/ids.js";
import { buildGatewayJsonSchema } from "../../../src/config/json-schema.js";
import { KNOWN_KEYS } from "../../../src/config/schema.js";
import { validateGatewayConfig } from "../../../src/config/validate.js";
import { renderConfigSchema, SCHEMA_PATH } from "../../../scripts/config-schema.mjs";

/**
 * config/gateway.schema.json, the file editors read through `$schema`: it is what the generator
 * makes of the zod schema today, it refuses the mistakes the validator refuses per field, and it
 * never refuses a file the validator accepts. Checked with a real JSON Schema validator (ajv).
 */
const committed = readFileSync(SCHEMA_PATH, "utf8");
const schema = JSON.parse(committed);
const EXAMPLE = JSON.parse(
  readFileSync(new URL("../../../config/gateway.example.json", import.meta.url), "utf8"),
);
// Formats (publicBaseUrl's "uri") are editor hints; z.url stays the authority for them.
// strictRequired is off because the token rule names keys inside `oneOf` branches (valid JSON Schema).
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, validateFormats: false });
const editorAccepts = ajv.compile(schema);
const TOKEN = "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDk1x";

function edited(change: (doc: any) => void): unknown {
  const doc = structuredClone(EXAMPLE);
  change(doc);
  return doc;
}

function editorErrorsAt(doc: unknown): string[] {
  editorAccepts(doc);
  return (editorAccepts.errors ?? []).map((e) => e.instancePath);
}

describe("config/gateway.schema.json", () => {
  it("is what `npm run schema` generates from src/config/schema.ts", async () => {
    const generated = await renderConfigSchema(buildGatewayJsonSchema());
    expect(committed, "config/gateway.schema.json is out of date: run `npm run schema` and commit it").toBe(
      generated,
    );
  });

  it("is pointed at by the example, which both it and the validator accept", () => {
    expect(EXAMPLE.$schema).toBe("./gateway.schema.json");
    expect(validateGatewayConfig(EXAMPLE).ok).toBe(true);
    expect(editorAccepts(EXAMPLE), JSON.stringify(editorAccepts.errors)).toBe(true);
  });

  // [mistake, change to the example, JSON pointer the editor marks]
  const MISTAKES: Array<[string, (doc: any) => void, string]> = [
    [
      "a group id in groupAllowFrom",
      (d) => d.accounts.default.groupAllowFrom.push("-1001234567890"),
      "/accounts/default/groupAllowFrom/2",
    ],
    [
      "a group id as a number in groupAllowFrom",
      (d) => d.accounts.vera.groupAllowFrom.push(-1001234567890),
      "/accounts/vera/groupAllowFrom/2",
    ],
    [
      "a group id in a group's allowFrom",
      (d) => d.accounts["devops-v2"].groups["-1001234567890"].allowFrom.push("-42"),
      "/accounts/devops-v2/groups/-1001234567890/allowFrom/1",
    ],
    [
      "a username in allowFrom",
      (d) => (d.accounts.default.allowFrom = ["@alice"]),
      "/accounts/default/allowFrom/0",
    ],
    ["webhookUrl at the top level", (d) => (d.webhookUrl = "https://bot.example.com/hook"), ""],
    [
      "webhookUrl in an account",
      (d) => (d.accounts.default.webhookUrl = "https://bot.example.com/hook"),
      "/accounts/default",
    ],
    [
      "webhookSecret in a group",
      (d) => (d.accounts.default.groups["-987654321"].webhookSecret = "s"),
      "/accounts/default/groups/-987654321",
    ],
    ["an unknown top-level key", (d) => (d.acounts = {}), ""],
    ["an unknown account key", (d) => (d.accounts.vera.allowfrom = ["1"]), "/accounts/vera"],
    [
      "an unknown group key",
      (d) => (d.accounts.default.groups["-987654321"].mention = true),
      "/accounts/default/groups/-987654321",
    ],
    ["an unknown binding key", (d) => (d.bindings[0].agent = "main"), "/bindings/0"],
    ["an unknown match key", (d) => (d.bindings[0].match.chat = "x"), "/bindings/0/match"],
    ["an unknown agent key", (d) => (d.agents.main.title = "x"), "/agents/main"],
    ["a user id as a group key", (d) => (d.accounts.vera.groups["123456789"] = {}), "/accounts/vera/groups"],
    [
      "a placeholder token",
      (d) => {
        delete d.accounts.pe.botTokenFile;
        d.accounts.pe.botToken = "<BOT_TOKEN>";
      },
      "/accounts/pe/botToken",
    ],
    ["both botToken and botTokenFile", (d) => (d.accounts.pe.botToken = TOKEN), "/accounts/pe"],
    ["no token source", (d) => delete d.accounts.pe.botTokenFile, "/accounts/pe"],
    [
      "an allowlist without users",
      (d) => Object.assign(d.accounts.mila, { dmPolicy: "allowlist", allowFrom: [] }),
      "/accounts/mila/allowFrom",
    ],
    ["an unknown dmPolicy", (d) => (d.accounts.mila.dmPolicy = "mentions"), "/accounts/mila/dmPolicy"],
    [
      "an upper-case account name",
      (d) => {
        d.accounts.Mila = d.accounts.mila;
        delete d.accounts.mila;
        d.bindings[5].match.accountId = "Mila";
      },
      "/accounts",
    ],
    ["an answerLength over 3900", (d) => (d.agents.main.answerLength = 5000), "/agents/main/answerLength"],
    ["a missing bindings list", (d) => delete d.bindings, ""],
    [
      "a topic keyed by its name",
      (d) => (d.accounts.default.groups["-1001234567890"].topics.support = {}),
      "/accounts/default/groups/-1001234567890/topics",
    ],
    [
      "an unknown topic key",
      (d) => (d.accounts.default.groups["-1001234567890"].topics["42"].mention = false),
      "/accounts/default/groups/-1001234567890/topics/42",
    ],
    [
      "a group key in a topic",
      (d) => (d.accounts.default.groups["-1001234567890"].topics["42"].allowAnonymousAdmins = true),
      "/accounts/default/groups/-1001234567890/topics/42",
    ],
  ];

  it.each(MISTAKES)("refuses %s, as the validator does", (_name, change, at) => {
    const doc = edited(change);
    expect(validateGatewayConfig(doc).ok).toBe(false);
    expect(editorErrorsAt(doc)).toContain(at);
  });

  // Rules that compare parts of the file: only `wiki-gateway check` (and start, and reload) see them.
  const CHECK_ONLY: Array<[string, (doc: any) => void]> = [
    ["defaultAccount naming no account", (d) => (d.defaultAccount = "nobody")],
    ["a binding to an unknown account", (d) => (d.bindings[1].match.accountId = "nobody")],
    ["an account bound twice", (d) => d.bindings.push({ ...d.bindings[0] })],
    ["an account bound to no agent", (d) => d.bindings.splice(1, 1)],
    ["an agent no binding uses", (d) => (d.agents.spare = {})],
    [
      "a topic naming an unknown agent",
      (d) => (d.accounts.default.groups["-1001234567890"].topics["42"].agentId = "helpdesk"),
    ],
    [
      "one token in two accounts",
      (d) => {
        for (const name of ["pe", "mila"]) {
          delete d.accounts[name].botTokenFile;
          d.accounts[name].botToken = TOKEN;
        }
      },
    ],
    [
      "an account named webhook…",
      (d) => {
        d.accounts["webhook-bot"] = d.accounts.pe;
        delete d.accounts.pe;
        d.bindings[6].match.accountId = "webhook-bot";
      },
    ],
  ];

  it.each(CHECK_ONLY)("leaves %s to `check` (listed in docs/configuration.md)", (_name, change) => {
    const doc = edited(change);
    expect(validateGatewayConfig(doc).ok).toBe(false);
    expect(editorAccepts(doc), JSON.stringify(editorAccepts.errors)).toBe(true);
  });
});

describe("the schema's hints agree with the checks in code", () => {
  const account = schema.properties.accounts.additionalProperties;
  const userIdAccepted = ajv.compile(account.properties.allowFrom.items);
  const groupKeyAccepted = ajv.compile(account.properties.groups.propertyNames);
  const idText = fc.string({
    unit: fc.constantFrom("0", "1", "7", "9", "-", "*", " ", "\t", "\u00a0", "@", "a", "."),
    maxLength: 24,
  });
  const entry = fc.oneof(
    idText,
    fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String),
    fc.maxSafeInteger(),
    fc.double(),
    fc.integer({ min: -3, max: 3 }),
    fc.constant(2 ** 53),
    fc.boolean(),
  );

  it("on sender-list entries", () => {
    fc.assert(
      fc.property(entry, (value) => userIdAccepted(value) === checkUserId(value, "groups").ok),
      { seed: 15, numRuns: 2000 },
    );
  });

  it("on group keys", () => {
    fc.assert(
      fc.property(
        fc.oneof(idText, fc.bigInt().map(String)),
        (key) => groupKeyAccepted(key) === isGroupKey(key),
      ),
      { seed: 15, numRuns: 2000 },
    );
  });

  it("on topic keys", () => {
    const topicKeyAccepted = ajv.compile(
      account.properties.groups.additionalProperties.properties.topics.propertyNames,
    );
    fc.assert(
      fc.property(
        fc.oneof(idText, fc.bigInt().map(String)),
        (key) => topicKeyAccepted(key) === isTopicKey(key),
      ),
      { seed: 15, numRuns: 2000 },
    );
  });

  it("never marks a file the validator accepts (random edits of the example)", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), (edits) => {
        const doc = edited((d) => edits.forEach((e) => applyEdit(d, e)));
        if (!validateGatewayConfig(doc).ok) return;
        accepted += 1;
        expect(editorAccepts(doc), JSON.stringify(editorAccepts.errors)).toBe(true);
      }),
      { seed: 15, numRuns: 1500 },
    );
    expect(accepted, "too few accepted files to compare").toBeGreaterThan(100);
  });
});

/** Plausible values: each is right for some key, so that many edited files stay valid. */
const VALUES = [
  true,
  false,
  "*",
  "123",
  123,
  -5,
  " 7 ",
  "-100200300",
  "@alice",
  "open",
  "pairing",
  "allowlist",
  "disabled",
  "en",
  "pt-br",
  "",
  "x",
  "https://wiki.example.org",
  300,
  1200,
  5000,
  [],
  ["*"],
  ["123", 456],
  ["-42"],
  {},
  { "-100200300": {} },
  { "*": { requireMention: false, allowFrom: ["5"] } },
  { "5": {} },
];
const KINDS = ["root", "account", "group", "agent"] as const;
const edit = fc.record({
  kind: fc.constantFrom(...KINDS),
  at: fc.nat(),
  key: fc.nat(),
  value: fc.constantFrom(...VALUES),
});

/** Sets one known key of one object of the given kind (root, an account, a group, an agent). */
function applyEdit(
  doc: any,
  e: { kind: (typeof KINDS)[number]; at: number; key: number; value: unknown },
): void {
  const accounts = Object.values(doc.accounts) as any[];
  const targets: Record<(typeof KINDS)[number], any[]> = {
    root: [doc],
    account: accounts,
    group: accounts.flatMap((a) => Object.values(a.groups ?? {})),
    agent: Object.values(doc.agents),
  };
  const objects = targets[e.kind].filter((o) => o !== null && typeof o === "object" && !Array.isArray(o));
  const keys = KNOWN_KEYS[e.kind].filter(
    (k) => !["accounts", "bindings", "agents", "defaultAccount"].includes(k),
  );
  if (objects.length === 0) return;
  objects[e.at % objects.length][keys[e.key % keys.length]!] = structuredClone(e.value);
}
