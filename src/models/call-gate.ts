import { createCircuitBreaker } from "./circuit-breaker.js";
import { countsAgainstServer, ModelError } from "./model-error.js";
import { CIRCUIT, type ModelSettings } from "./model-settings.js";
import { createTokenBudget } from "./token-budget.js";

/**
 * What a model call must pass before it is sent, and what its end changes: a 429's Retry-After
 * (later calls are refused until it has passed; at most `maxRetryAfterMs`), the daily token
 * budget, the circuit breaker.
 */
export interface CallGate {
  /** Refuses at once what would fail anyway: throws `model-rate-limited`, `model-budget-spent` or `model-circuit-open`. */
  admit(): void;
  /** A reply came: its tokens are spent, the server counts as well. */
  answered(tokens: number): void;
  /** A call failed: a 429 sets the wait, a server failure counts for the breaker. */
  failed(failure: ModelError): void;
  state(): { circuit: "closed" | "open" | "half-open"; spentToday: number; retryAt: number | undefined };
}

function laterOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

export function createCallGate(settings: ModelSettings, now: () => number): CallGate {
  const breaker = createCircuitBreaker({ ...CIRCUIT, now });
  const budget = createTokenBudget({ daily: settings.dailyTokenBudget, now });
  let retryAt = 0;
  return {
    admit() {
      if (now() < retryAt)
        throw new ModelError("model-rate-limited", "the model server asked to wait (Retry-After)", {
          retryAfterMs: retryAt - now(),
        });
      if (!budget.left())
        throw new ModelError("model-budget-spent", `model ${settings.name} spent its daily tokens`);
      if (!breaker.allow())
        throw new ModelError("model-circuit-open", `model ${settings.name} is marked down`);
    },
    answered(tokens) {
      budget.spend(tokens);
      breaker.success();
    },
    failed(failure) {
      if (failure.retryAfterMs !== undefined && failure.status === 429)
        retryAt = now() + Math.min(failure.retryAfterMs, settings.maxRetryAfterMs);
      if (countsAgainstServer(failure.code)) breaker.failure();
    },
    state: () => ({
      circuit: breaker.state(),
      spentToday: budget.spentToday(),
      retryAt: laterOf(now() < retryAt ? retryAt : undefined, breaker.openUntil()),
    }),
  };
}
