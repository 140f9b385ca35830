/** An abort signal as far as waiting needs it (Node's AbortSignal, or the polyfill grammY hands transformers). */
export interface AbortLike {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * Resolves true after `ms`, or false at once when `signal` is (or becomes) aborted. Never rejects;
 * the timer and the listener are removed either way.
 */
export function sleepUnlessAborted(ms: number, signal: AbortLike | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const finish = (elapsed: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(elapsed);
    };
    const onAbort = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    signal?.addEventListener("abort", onAbort);
  });
}
