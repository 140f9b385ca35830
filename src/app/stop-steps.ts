import { APP_CODES, type AppCode } from "./app-codes.js";
import { settleWithin } from "../core/settle-within.js";
import type { Logger } from "../log/logger.js";

/** One named part of the gateway's stop. */
export interface StopStep {
  name: string;
  run: () => Promise<void> | void;
  /** Longest wait for it (ms); the stop's own deadline shortens it. */
  boundMs: number;
}

export interface StopRun {
  /** Resolves when every step ended or was given up on; never rejects. */
  done: Promise<void>;
  /** The steps started and not ended (the watchdog names them). */
  pending(): string[];
}

/**
 * Runs the steps in order, each waited for at most its bound and never past `deadlineAt`: a step
 * that fails or overruns is logged with its name and the stop goes on to the next one (what it
 * left undone stays as it was: unfinished updates in the journal, a file not rewritten). So no
 * outside server, disk or lock can hold the stop longer than the sum of the bounds.
 */
export function runStopSteps(
  steps: readonly StopStep[],
  deps: { logger: Logger; deadlineAt: number; now?: () => number },
): StopRun {
  const now = deps.now ?? Date.now;
  const running = new Set<string>();
  const one = async (step: StopStep): Promise<void> => {
    const boundMs = Math.max(0, Math.min(step.boundMs, deps.deadlineAt - now()));
    running.add(step.name);
    const work = Promise.resolve()
      .then(step.run)
      .then(
        () => running.delete(step.name),
        (error: unknown) => {
          running.delete(step.name);
          deps.logger.warn({ step: step.name, err: error }, "a part of the stop failed; the stop goes on");
        },
      );
    if (!(await settleWithin(work, boundMs)))
      deps.logger.warn(
        {
          code: "stop-step-overran" satisfies AppCode,
          step: step.name,
          boundMs,
          remedy: APP_CODES["stop-step-overran"].remedy,
        },
        `the stop did not wait longer for ${step.name}`,
      );
  };
  const done = (async () => {
    for (const step of steps) await one(step);
  })();
  return { done, pending: () => [...running] };
}
