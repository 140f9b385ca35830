/** Waiting for the work in hand at stop. */
export interface Drain {
  /**
   * Waits until `busy()` is 0, up to `deadlineMs`. True when everything finished; false when the
   * deadline won: what finished until then is answered and marked done, the rest stays unfinished
   * in the journal (replayed at the next start). Never waits past the deadline by more than a tick.
   */
  until(deadlineMs: number): Promise<boolean>;
}

export interface DrainDeps {
  /** Work still running (handlers in this process, updates the runner holds). */
  busy: () => number;
  /** Settles when the work running now settled; awaited between checks. */
  settled: () => Promise<unknown>;
  /** Longest wait between two checks. */
  tickMs?: number;
  /** Milliseconds of a clock that only moves on (tests drive it). */
  now?: () => number;
}

export function createDrain(deps: DrainDeps): Drain {
  const tickMs = deps.tickMs ?? 50;
  const now = deps.now ?? Date.now;
  return {
    async until(deadlineMs) {
      const deadline = now() + deadlineMs;
      const tick = () => pause(Math.min(tickMs, deadline - now()));
      while (deps.busy() > 0) {
        if (now() >= deadline) return false;
        const before = deps.busy();
        const settledFirst = await Promise.race([deps.settled().then(() => true), tick().then(() => false)]);
        // Settled without less work (nothing was running in handlers): wait a tick rather than spin,
        // so the work held elsewhere can progress.
        if (settledFirst && deps.busy() >= before) await tick();
      }
      return true;
    },
  };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)).unref());
}
