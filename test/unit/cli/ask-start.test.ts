import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
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
