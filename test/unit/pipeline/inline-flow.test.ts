import { describe, expect, it } from "vitest";
import type { InlineSearch } from "../../../src/agents/inline-results.js";
import type { InlineAnswer, InlineQuery } from "../../../src/core/inline-query.js";
import { validateGatewayConfig } from "../../../src/config/validate.js";
import { createLogger } from "../../../src/log/logger.js";
import { createInlineFlow, INLINE_CACHE_SECONDS } from "../../../src/pipeline/inline-flow.js";
import { resolveRuntimeConfig } from "../../../src/pipeline/runtime-config.js";
import type { DenyReason } from "../../../src/policy/decision.js";

const TOKEN = "123456:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkxx";
const log = createLogger({ level: "silent" });

function runtime(account: Record<string, unknown>) {
  const result = validateGatewayConfig({
    defaultAccount: "main",
    accounts: { main: { botToken: TOKEN, ...account } },
    bindings: [{ agentId: "docs", match: { channel: "telegram", accountId: "main" } }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return resolveRuntimeConfig(result.config, "http://wiki");
}

const counter = () => {
  const seen: Array<Record<string, unknown>> = [];
  return { seen, inc: (labels: Record<string, unknown>) => void seen.push(labels) };
};

function setup(account: Record<string, unknown>, approved: string[] = []) {
  const metrics = { decisions: counter(), inlineQueries: counter(), inlineChosen: counter() };
  const denials: Array<{ senderId?: number; reason: DenyReason }> = [];
  const gaps: unknown[] = [];
  const asked: string[] = [];
  const languages: Array<string | undefined> = [];
  const search: InlineSearch = {
    results(words, _agent, texts) {
      asked.push(words);
      languages.push(texts?.language);
      return [
        { id: "p7", title: "Tar", description: "Extract", html: "<b>Tar</b>", url: "https://w/en/tar" },
      ];
    },
    pageOf: (id) => (id === "p7" ? { path: "ops/tar", locale: "en", title: "Tar" } : undefined),
  };
  const config = runtime(account);
  const flow = createInlineFlow({
    runtime: () => config,
    isApproved: (acc, id) => acc === "main" && approved.includes(id),
    search,
    recordDenial: (q, reason) =>
      void denials.push({ ...(q.senderId ? { senderId: q.senderId } : {}), reason }),
    gaps: { append: (record) => void gaps.push(record) },
    metrics,
  });
  const answers: InlineAnswer[] = [];
  const reply = { answer: async (a: InlineAnswer) => void answers.push(a) };
  const query = (overrides: Partial<InlineQuery> = {}) =>
    flow.query(
      {
        account: "main",
        updateId: 1,
        queryId: "q1",
        senderId: 111,
        senderIsBot: false,
        query: "tar",
        ...overrides,
      },
      reply,
      log,
    );
  return { flow, query, answers, denials, gaps, metrics, asked, languages };
}

describe("the inline flow", () => {
  it("answers an allowed sender from the search, personal and cached briefly", async () => {
    const t = setup({ allowFrom: ["111"] });
    await t.query();
    expect(t.answers).toEqual([
      {
        results: [expect.objectContaining({ id: "p7", title: "Tar" })],
        cacheTime: INLINE_CACHE_SECONDS,
        isPersonal: true,
      },
    ]);
    expect(t.asked).toEqual(["tar"]);
    expect(t.metrics.decisions.seen).toEqual([{ account: "main", outcome: "allow", reason: "allowlist" }]);
    expect(t.metrics.inlineQueries.seen).toEqual([{ account: "main", agent: "docs", outcome: "results" }]);
  });

  it("speaks the asker's language: the results' framing and the access button", async () => {
    const allowed = setup({ allowFrom: ["111"] });
    await allowed.query({ languageCode: "ru" });
    await allowed.query({ languageCode: "pt-br" });
    expect(allowed.languages).toEqual(["ru", "en"]);
    const denied = setup({ allowFrom: ["222"] });
    await denied.query({ languageCode: "zh-hans" });
    expect(denied.answers[0]!.button).toEqual({ text: "申请访问", startParameter: "access" });
  });

  it("an approved sender under pairing gets results", async () => {
    const t = setup({}, ["111"]);
    await t.query();
    expect(t.answers[0]!.results).toHaveLength(1);
  });

  it("an unknown sender gets no results and only the access button; the denial is recorded and counted", async () => {
    const t = setup({ allowFrom: ["222"] });
    await t.query();
    const button = { text: "Ask for access", startParameter: "access" };
    expect(t.answers).toEqual([{ results: [], cacheTime: INLINE_CACHE_SECONDS, isPersonal: true, button }]);
    expect(t.asked).toEqual([]);
    expect(t.denials).toEqual([{ senderId: 111, reason: "inline-not-allowed" }]);
    expect(t.metrics.decisions.seen).toEqual([
      { account: "main", outcome: "deny", reason: "inline-not-allowed" },
    ]);
    expect(t.metrics.inlineQueries.seen).toEqual([{ account: "main", outcome: "denied" }]);
  });

  it("inline: false answers nothing, without a button, with its own reason", async () => {
    const t = setup({ inline: false, allowFrom: ["111"] });
    await t.query();
    expect(t.answers).toEqual([{ results: [], cacheTime: INLINE_CACHE_SECONDS, isPersonal: true }]);
    expect(t.denials).toEqual([{ senderId: 111, reason: "inline-disabled" }]);
  });

  it("a chosen result is counted and recorded with its words and page, never the user", async () => {
    const t = setup({ allowFrom: ["111"] });
    await t.flow.chosen({ account: "main", updateId: 2, resultId: "p7", senderId: 111, query: "tar x" }, log);
    expect(t.metrics.inlineChosen.seen).toEqual([{ account: "main", agent: "docs" }]);
    expect(t.gaps).toEqual([
      {
        agent: "docs",
        kind: "inline",
        question: "tar x",
        page: { path: "ops/tar", locale: "en", title: "Tar" },
      },
    ]);
    expect(JSON.stringify(t.gaps)).not.toContain("111");
  });
});
