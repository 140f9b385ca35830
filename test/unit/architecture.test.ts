import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ImportGraph,
  importCycles,
  type LayerRules,
  layerViolations,
  readImportGraph,
} from "../helpers/import-graph.js";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const SANDBOX = fileURLToPath(new URL("../../packages/sandbox/src", import.meta.url));

/** The layers of docs/architecture.md, highest first: a folder imports only from layers below it. */
const HOUSE: LayerRules = {
  layers: [
    { name: "entry", units: ["main.ts", "cli"] },
    { name: "wiring", units: ["app"] },
    { name: "application", units: ["pipeline", "http"] },
    { name: "domain edges", units: ["accounts", "policy", "agents"] },
    { name: "wiki", units: ["wiki", "models", "cluster"] },
    { name: "ground", units: ["core", "i18n", "config", "state", "log", "errors.ts"] },
  ],
  allowedWithinLayer: [
    ["main.ts", "cli"], // the entry point runs the CLI
    ["*", "errors.ts"], // the GatewayError base, under every folder's own errors
  ],
};

describe("the import direction of src/", () => {
  const graph = readImportGraph(SRC);

  it("reads the real graph (the entry point runs the CLI, the CLI starts the composition root)", () => {
    expect(graph.get("main.ts")).toContain("cli/run-cli.ts");
    expect(graph.get("cli/start.ts")).toContain("app/gateway.ts");
  });

  it("has no import from a lower layer to a higher one, nor across two folders of one layer", () => {
    expect(layerViolations(graph, HOUSE)).toEqual([]);
  });

  it("has no file-level circle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("keeps the journal (accounts/journal/) below the rest of the Telegram adapter: it imports none of it", () => {
    expect(foldersImported(graph, "accounts/journal/", "accounts/")).toEqual([]);
    expect(graph.get("accounts/account-runner.ts")).toContain("accounts/journal/journal.ts");
  });
});

describe("the import graph of the sandbox", () => {
  const graph = readImportGraph(SANDBOX);

  it("reads the real graph (the world holds the pending queries, the methods answer them)", () => {
    expect(graph.get("telegram/world.ts")).toContain("telegram/pending-queries.ts");
    expect(graph.get("telegram/callback-queries.ts")).toContain("telegram/world.ts");
  });

  it("has no file-level circle", () => {
    expect(importCycles(graph)).toEqual([]);
  });
});

/** The imports of files under `inner` into `outer` outside `inner` (a sub-folder that must stand alone). */
function foldersImported(graph: ImportGraph, inner: string, outer: string): string[] {
  return [...graph].flatMap(([from, targets]) =>
    from.startsWith(inner)
      ? targets.filter((to) => to.startsWith(outer) && !to.startsWith(inner)).map((to) => `${from} → ${to}`)
      : [],
  );
}

describe("the import check itself", () => {
  const check = (edges: Record<string, string[]>) => layerViolations(new Map(Object.entries(edges)), HOUSE);

  it("fails on a back-edge (a lower layer importing a higher one)", () => {
    expect(check({ "wiki/token.ts": ["accounts/inbound.ts"] })).toEqual([
      "wiki/token.ts → accounts/inbound.ts: wiki imports the higher layer domain edges",
    ]);
    expect(check({ "core/check-result.ts": ["app/gateway.ts"] })).toHaveLength(1);
  });

  it("fails on two folders of one layer importing each other, and allows the listed exceptions", () => {
    expect(check({ "policy/evaluate.ts": ["accounts/inbound.ts"] })).toEqual([
      "policy/evaluate.ts → accounts/inbound.ts: policy and accounts are one layer and must not import each other",
    ]);
    expect(check({ "config/config-error.ts": ["errors.ts"], "main.ts": ["cli/run-cli.ts"] })).toEqual([]);
  });

  it("allows downward imports", () => {
    expect(
      check({
        "cli/ask.ts": ["wiki/search-index/index.ts", "core/check-result.ts"],
        "app/gateway.ts": ["http/gateway-status.ts", "pipeline/answer-step.ts", "errors.ts"],
      }),
    ).toEqual([]);
  });

  it("fails on a folder that belongs to no layer", () => {
    expect(check({ "utils/x.ts": ["core/check-result.ts"] })).toEqual([
      'utils/x.ts: "utils" belongs to no layer',
    ]);
  });

  it("finds circles, however long, and self-imports", () => {
    const graph: ImportGraph = new Map([
      ["accounts/a.ts", ["accounts/b.ts"]],
      ["accounts/b.ts", ["accounts/c.ts"]],
      ["accounts/c.ts", ["accounts/a.ts"]],
      ["core/x.ts", ["core/x.ts"]],
      ["core/y.ts", ["core/x.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["accounts/a.ts", "accounts/b.ts", "accounts/c.ts"], ["core/x.ts"]]);
  });

  describe("reading a tree", () => {
    const root = mkdtempSync(join(tmpdir(), "import-graph-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };

    it("sees import, import type, export-from and import(), and leaves packages out", () => {
      write(
        "wiki/a.ts",
        [
          'import { z } from "zod";',
          'import type { T } from "../accounts/t.js";',
          'export { u } from "./u.js";',
          'export * from "../core/all.js";',
          'const lazy = () => import("../app/late.js");',
        ].join("\n"),
      );
      const graph = readImportGraph(root);
      expect(graph.get("wiki/a.ts")?.sort()).toEqual([
        "accounts/t.ts",
        "app/late.ts",
        "core/all.ts",
        "wiki/u.ts",
      ]);
      expect(layerViolations(graph, HOUSE)).toHaveLength(2);
    });
  });
});
