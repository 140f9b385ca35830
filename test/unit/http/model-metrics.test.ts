import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createModelMetrics } from "../../../src/http/model-metrics.js";

describe("model metrics", () => {
  it("count tokens per model, agent and account, calls by outcome, and discarded replies by code", async () => {
    const registry = new Registry();
    const meter = createModelMetrics(registry);
    const owner = { model: "local", agent: "main", account: "bot1" };
    meter.call({
      ...owner,
      purpose: "rewrite",
      outcome: "ok",
      seconds: 0.2,
      usage: { prompt: 120, completion: 9 },
    });
    meter.call({
      ...owner,
      purpose: "answer",
      outcome: "ok",
      seconds: 0.5,
      usage: { prompt: 800, completion: 60 },
    });
    meter.call({ ...owner, purpose: "answer", outcome: "model-timeout", seconds: 15 });
    meter.discarded({ ...owner, purpose: "answer", code: "model-uncited-answer" });
    const text = await registry.metrics();
    expect(text).toContain(
      'wiki_gateway_model_tokens_total{model="local",agent="main",account="bot1",kind="prompt"} 920',
    );
    expect(text).toContain(
      'wiki_gateway_model_tokens_total{model="local",agent="main",account="bot1",kind="completion"} 69',
    );
    expect(text).toContain('wiki_gateway_model_calls_total{model="local",purpose="answer",outcome="ok"} 1');
    expect(text).toContain(
      'wiki_gateway_model_calls_total{model="local",purpose="answer",outcome="model-timeout"} 1',
    );
    expect(text).toContain(
      'wiki_gateway_model_replies_discarded_total{model="local",purpose="answer",code="model-uncited-answer"} 1',
    );
    expect(text).toContain('wiki_gateway_model_call_seconds_count{model="local",purpose="answer"} 2');
  });
});
