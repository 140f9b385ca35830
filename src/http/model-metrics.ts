import { Counter, Histogram, type Registry } from "prom-client";
import type { ModelMeter } from "../models/model-meter.js";

/**
 * The model client's counters on the gateway's registry:
 * `wiki_gateway_model_tokens_total{model,agent,account,kind}` (kind: prompt, completion) and
 * `wiki_gateway_model_calls_total{model,purpose,outcome}` with its duration histogram;
 * outcome is "ok" or a model error code (each a fall back to the answer without a model).
 */
export function createModelMetrics(registry: Registry): ModelMeter {
  const tokens = new Counter({
    name: "wiki_gateway_model_tokens_total",
    help: "Tokens used by model calls, by model, agent, account and kind (prompt, completion)",
    labelNames: ["model", "agent", "account", "kind"],
    registers: [registry],
  });
  const calls = new Counter({
    name: "wiki_gateway_model_calls_total",
    help: "Model calls by model, purpose (rewrite, answer, probe) and outcome (ok or a model error code)",
    labelNames: ["model", "purpose", "outcome"],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: "wiki_gateway_model_call_seconds",
    help: "Time of model calls, queue included, by model and purpose",
    labelNames: ["model", "purpose"],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
    registers: [registry],
  });
  return {
    tokens: (labels, count) => tokens.inc(labels, count),
    call(labels, s) {
      calls.inc(labels);
      seconds.observe({ model: labels.model, purpose: labels.purpose }, s);
    },
  };
}
