import { Counter, Histogram, type Registry } from "prom-client";
import type { ModelMeter } from "../models/model-meter.js";

/**
 * The model client's counters on the gateway's registry:
 * `wiki_gateway_model_tokens_total{model,agent,account,kind}` (kind: prompt, completion) and
 * `wiki_gateway_model_calls_total{model,purpose,outcome}` with its duration histogram;
 * outcome is "ok" or a model error code (each a fall back to the answer without a model);
 * `wiki_gateway_model_replies_discarded_total{model,purpose,code}`: replies the agent could not
 * use (no citation, no search words), each also a fall back.
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
  const discarded = new Counter({
    name: "wiki_gateway_model_replies_discarded_total",
    help: "Model replies the agent could not use (answered without the model), by model, purpose and code",
    labelNames: ["model", "purpose", "code"],
    registers: [registry],
  });
  return {
    call(r) {
      const owner = { model: r.model, agent: r.agent, account: r.account };
      if (r.usage) {
        tokens.inc({ ...owner, kind: "prompt" }, r.usage.prompt);
        tokens.inc({ ...owner, kind: "completion" }, r.usage.completion);
      }
      calls.inc({ model: r.model, purpose: r.purpose, outcome: r.outcome });
      seconds.observe({ model: r.model, purpose: r.purpose }, r.seconds);
    },
    discarded: (r) => discarded.inc({ model: r.model, purpose: r.purpose, code: r.code }),
  };
}
