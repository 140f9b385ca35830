import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { asksOneQuestion } from "../../../src/cli/ask-flags.js";
import { staticImportClosure } from "../../helpers/import-graph.js";

const SRC = fileURLToPath(new URL("../../../src", import.meta.url));

describe("what `ask` loads before it answers", () => {
  const loaded = staticImportClosure(SRC, "cli/ask.ts");

  it("reads the real closure (the index, the answerer, the settings)", () => {
    expect(loaded).toContain("wiki/search-index/index.ts");
    expect(loaded).toContain("agents/answer.ts");
    expect(loaded).toContain("config/settings.ts");
  });

  it("loads no model client, rewriter, grounder or logger: only an agent that uses a model needs them", () => {
    const model = [
      "cli/ask-models.ts",
      "models/model-registry.ts",
      "models/model-client.ts",
      "agents/grounded-answer.ts",
      "agents/question-rewriter.ts",
      "log/logger.ts",
      "pino",
      "eventsource-parser",
    ];
    expect(model.filter((m) => loaded.has(m))).toEqual([]);
  });

  it("loads neither the wiki's GraphQL client nor the daemon (a fresh saved index needs no wiki)", () => {
    const daemon = [...loaded].filter((m) => /^(app|accounts|pipeline|http|wiki\/client\/client)/.test(m));
    expect(daemon).toEqual([]);
    expect(loaded.has("graphql-request")).toBe(false);
    expect(loaded.has("grammy")).toBe(false);
  });
});

describe("holding V8's optimizing compilers for one question", () => {
  it("is the start's first module: main.ts imports hold-start.ts first, which holds both", () => {
    const imports = readFileSync(`${SRC}/main.ts`, "utf8").match(/^import .*$/gm);
    expect(imports?.[0]).toBe('import "./cli/hold-start.js";');
    expect([...staticImportClosure(SRC, "cli/hold-start.ts")]).toEqual(
      expect.arrayContaining(["app/hold-young-generation.ts", "cli/hold-compilers.ts"]),
    );
  });

  it("is decided before the CLI loads: the check imports no product module but the flags", () => {
    const first = staticImportClosure(SRC, "cli/hold-compilers.ts");
    expect([...first].sort()).toEqual([
      "cli/ask-flags.ts",
      "cli/hold-compilers.ts",
      "cli/optimizing-compilers.ts",
      "cli/settings-flags.ts",
      "node:util",
      "node:v8",
    ]);
  });

  it("holds them for `ask` with a question, as `ask` reads its command line", () => {
    expect(asksOneQuestion(["ask", "how do I list docker containers"])).toBe(true);
    expect(asksOneQuestion(["ask", "--agent", "ops", "--json", "restore", "a backup"])).toBe(true);
    expect(asksOneQuestion(["ask", "--state-dir=/tmp/x", "tar"])).toBe(true);
  });

  it("keeps them for a batch, another command, and a command line `ask` refuses", () => {
    expect(asksOneQuestion(["ask"])).toBe(false);
    expect(asksOneQuestion(["ask", "--agent", "ops"])).toBe(false); // the agent's id is no question
    expect(asksOneQuestion(["ask", "--json", "  "])).toBe(false);
    expect(asksOneQuestion(["start"])).toBe(false);
    expect(asksOneQuestion(["ask", "--no-such-flag", "tar"])).toBe(false);
  });
});
