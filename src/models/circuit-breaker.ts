/**
 * Marks a model down after `threshold` failures in a row (failures that say the server is unwell),
 * for `cooldownMs`; then one call is let through to try it (half-open): its success closes the
 * circuit, its failure opens it again.
 */
export interface CircuitBreaker {
  /** Whether a call may go to the model now (false while open; one trial after the cooldown). */
  allow(): boolean;
  success(): void;
  failure(): void;
  state(): "closed" | "open" | "half-open";
  /** While open: when its trial call will be let through (ms, by `now`). */
  openUntil(): number | undefined;
}

export function createCircuitBreaker(o: {
  threshold: number;
  cooldownMs: number;
  now: () => number;
}): CircuitBreaker {
  let failures = 0;
  let openUntil = 0;
  let trial = false;
  const isOpen = () => failures >= o.threshold;
  return {
    allow() {
      if (!isOpen()) return true;
      if (o.now() < openUntil || trial) return false;
      trial = true;
      return true;
    },
    success() {
      failures = 0;
      trial = false;
    },
    failure() {
      failures += 1;
      trial = false;
      if (isOpen()) openUntil = o.now() + o.cooldownMs;
    },
    state: () => (!isOpen() ? "closed" : o.now() < openUntil ? "open" : "half-open"),
    openUntil: () => (isOpen() && o.now() < openUntil ? openUntil : undefined),
  };
}
