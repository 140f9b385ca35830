import { readFileSync, writeFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CODES } from "../../src/accounts/account-codes.js";
import { JOURNAL_CODES } from "../../src/accounts/journal/journal-codes.js";
import { AGENT_CODES } from "../../src/agents/agent-codes.js";
import { APP_CODES } from "../../src/app/app-codes.js";
import { CLI_CODES } from "../../src/cli/cli-codes.js";
import { CLUSTER_CODES } from "../../src/cluster/cluster-codes.js";
import { CONFIG_CODES } from "../../src/config/config-codes.js";
import type { ErrorCatalogue } from "../../src/errors.js";
import { HTTP_CODES } from "../../src/http/http-codes.js";
import { PIPELINE_CODES } from "../../src/pipeline/pipeline-codes.js";
import { PAIRING_CODES } from "../../src/policy/pairing-error.js";
import { STATE_CODES } from "../../src/state/state-codes.js";
import { MODEL_CODES } from "../../src/models/model-error.js";
import { INDEX_CODES } from "../../src/wiki/index-codes.js";
import { WIKI_CODES } from "../../src/wiki/wiki-error.js";
import { codeUses, codeUsesUnder } from "../helpers/error-codes.js";
import { listTs } from "../helpers/import-graph.js";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const DOC = fileURLToPath(new URL("../../docs/errors.md", import.meta.url));

/** Every catalogue of src/, by the file that holds it, in the order of docs/errors.md (lowest layer last). */
const CATALOGUES: ReadonlyArray<{ file: string; layer: string; codes: ErrorCatalogue }> = [
  { file: "cli/cli-codes.ts", layer: "cli", codes: CLI_CODES },
  { file: "app/app-codes.ts", layer: "app", codes: APP_CODES },
  { file: "pipeline/pipeline-codes.ts", layer: "pipeline", codes: PIPELINE_CODES },
  { file: "http/http-codes.ts", layer: "http", codes: HTTP_CODES },
  { file: "accounts/account-codes.ts", layer: "accounts", codes: ACCOUNT_CODES },
  { file: "accounts/journal/journal-codes.ts", layer: "accounts/journal", codes: JOURNAL_CODES },
  { file: "policy/pairing-error.ts", layer: "policy", codes: PAIRING_CODES },
  { file: "agents/agent-codes.ts", layer: "agents", codes: AGENT_CODES },
  { file: "wiki/wiki-error.ts", layer: "wiki", codes: WIKI_CODES },
  { file: "wiki/index-codes.ts", layer: "wiki (search index)", codes: INDEX_CODES },
  { file: "models/model-error.ts", layer: "models", codes: MODEL_CODES },
  { file: "cluster/cluster-codes.ts", layer: "cluster", codes: CLUSTER_CODES },
  { file: "config/config-codes.ts", layer: "config", codes: CONFIG_CODES },
  { file: "state/state-codes.ts", layer: "state", codes: STATE_CODES },
];

type Row = [code: string, layer: string, meaning: string, remedy: string];

const rows: Row[] = CATALOGUES.flatMap(({ layer, codes }) =>
  Object.entries(codes).map(([code, e]): Row => [code, layer, e.meaning, e.remedy]),
);
const known = new Set(rows.map(([code]) => code));

/** The rows of docs/errors.md's table, cells unescaped (`\|`) and the code's backticks removed. */
function documentedRows(text: string): Row[] {
  return text
    .split("\n")
    .filter((line) => /^\| `[a-z]/.test(line))
    .map(
      (line) =>
        line
          .slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((cell) => cell.trim().replaceAll("\\|", "|"))
          .map((cell, i) => (i === 0 ? cell.replace(/^`(.*)`$/, "$1") : cell)) as Row,
    );
}

function renderTable(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| code | layer | meaning | remedy |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      ([code, layer, meaning, remedy]) => `| \`${code}\` | ${layer} | ${cell(meaning)} | ${cell(remedy)} |`,
    ),
  ].join("\n");
}

describe("the error catalogue", () => {
  it("lists every catalogue of src/ (each `as const satisfies ErrorCatalogue`)", () => {
    const files = listTs(SRC).filter((path) =>
      /} as const satisfies ErrorCatalogue;/.test(readFileSync(path, "utf8")),
    );
    expect(files.map((path) => relative(SRC, path).split(sep).join("/")).sort()).toEqual(
      CATALOGUES.map((c) => c.file).sort(),
    );
  });

  it("holds each code once, kebab-case, with a meaning and a remedy", () => {
    expect(rows.length).toBe(known.size);
    for (const [code, , meaning, remedy] of rows) {
      expect(code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(meaning.length, code).toBeGreaterThan(10);
      expect(remedy.length, code).toBeGreaterThan(10);
    }
  });

  it("is docs/errors.md's table, row for row (WRITE_ERRORS_DOC=1 rewrites the table, then run npm run format)", () => {
    let text = readFileSync(DOC, "utf8");
    if (process.env.WRITE_ERRORS_DOC === "1") {
      const start = text.indexOf("<!-- codes:start -->") + "<!-- codes:start -->".length;
      const end = text.indexOf("<!-- codes:end -->");
      text = `${text.slice(0, start)}\n\n${renderTable()}\n\n${text.slice(end)}`;
      writeFileSync(DOC, text);
    }
    expect(documentedRows(text)).toEqual(rows);
  });

  it("holds every code src/ writes as a literal: in a log call's or a problem's `code`, or an error's constructor", () => {
    const unknown = codeUsesUnder(SRC).filter((use) =>
      use.code.endsWith("*")
        ? ![...known].some((code) => code.startsWith(use.code.slice(0, -1)))
        : !known.has(use.code),
    );
    expect(unknown).toEqual([]);
  });
});

describe("the scan for code literals", () => {
  const sample = [
    'log.warn({ code: "lease-lost", account }, "lost");',
    'log.warn({ code: "made-up" satisfies string }, "x");',
    'throw new JournalError("journal-fenced", "m", "r");',
    'class E extends GatewayError { constructor() { super("usage", "m", "r"); } }',
    'class P { constructor() { super("not-an-error-class"); } }',
    'throw new Error("a message, not a code");',
    'ctx.addIssue({ code: "custom", message: "zod" });',
    "log.warn({ code: `index-file-${reason}` }, 'x');",
    'const part = { code: "" };',
  ].join("\n");

  it("finds the codes of log fields, error constructors and templates, and leaves zod's out", () => {
    expect(codeUses(sample, "x.ts").map((u) => `${u.line}:${u.code}`)).toEqual([
      "1:lease-lost",
      "2:made-up",
      "3:journal-fenced",
      "4:usage",
      "8:index-file-*",
    ]);
  });
});
