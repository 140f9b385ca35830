import { describe, expect, it } from "vitest";
import { validateGatewayConfig } from "../../../src/config/validate.js";
import { answeringAgent, resolveRuntimeConfig } from "../../../src/pipeline/runtime-config.js";

const TOKEN = "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS1";

function runtime(
  groups: Record<string, unknown>,
  agents: Record<string, unknown> = {},
  wikiUrl = "https://wiki.example.com",
) {
  const result = validateGatewayConfig({
    defaultAccount: "default",
    accounts: { default: { botToken: TOKEN, groups } },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
    agents,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return resolveRuntimeConfig(result.config, wikiUrl);
}

describe("the agent answering a message", () => {
  it("is the bound agent unless the decision names another, which then has its own settings", () => {
    const r = runtime(
      { "-1001": { topics: { "7": { agentId: "support" } } } },
      { support: { section: "/support/", answerLength: 800 } },
    );
    expect(answeringAgent(r, "default", undefined)).toMatchObject({ id: "main", section: "" });
    expect(answeringAgent(r, "default", "support")).toMatchObject({
      id: "support",
      section: "support",
      answerLength: 800,
    });
    expect(answeringAgent(r, "default", "nobody")).toBeUndefined();
    expect(answeringAgent(undefined, "default", undefined)).toBeUndefined();
  });

  it("a group may name the bound agent itself: one settings object for both", () => {
    const r = runtime({ "-1001": { agentId: "main" } });
    expect(answeringAgent(r, "default", "main")).toBe(r.agents.get("default"));
  });
});

describe("the links an agent shows", () => {
  it("point at the wiki, not at its GraphQL endpoint, when WIKI_URL ends in /graphql", () => {
    for (const wikiUrl of ["https://wiki.example.com/graphql", "https://wiki.example.com/graphql/"]) {
      const r = runtime({}, {}, wikiUrl);
      expect(answeringAgent(r, "default", undefined)?.publicBaseUrl).toBe("https://wiki.example.com");
    }
    const under = runtime({}, {}, "https://example.com/wiki/graphql");
    expect(answeringAgent(under, "default", undefined)?.publicBaseUrl).toBe("https://example.com/wiki");
  });

  it("keep an agent's own publicBaseUrl", () => {
    const r = runtime(
      {},
      { main: { publicBaseUrl: "https://docs.example.org/" } },
      "http://wiki:3000/graphql",
    );
    expect(answeringAgent(r, "default", undefined)?.publicBaseUrl).toBe("https://docs.example.org");
  });
});
