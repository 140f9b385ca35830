import { ModelError } from "./model-error.js";

/**
 * At most `concurrency` calls to one model at once; up to `queueLimit` more wait in order, and a
 * call beyond that is refused at once (`model-queue-full`), so a busy model never holds up a chat
 * longer than its own answer would take. A waiting call whose signal aborts leaves the queue.
 */
export interface CallLimiter {
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
  active(): number;
  waiting(): number;
}

export function createCallLimiter(o: { concurrency: number; queueLimit: number }): CallLimiter {
  const max = Math.max(1, Math.floor(o.concurrency));
  let active = 0;
  const queue: Array<{ start: () => void }> = [];

  function enter(signal: AbortSignal): Promise<void> {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    if (queue.length >= o.queueLimit)
      return Promise.reject(
        new ModelError("model-queue-full", `more than ${o.queueLimit} calls wait for the model`),
      );
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      queue.push(entry);
    });
  }

  return {
    async run(task, signal) {
      if (signal.aborted) throw signal.reason;
      await enter(signal);
      try {
        return await task();
      } finally {
        const next = queue.shift();
        // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
        if (next) next.start();
        else active -= 1;
      }
    },
    active: () => active,
    waiting: () => queue.length,
  };
}
