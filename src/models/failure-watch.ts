import { AsyncLocalStorage } from "node:async_hooks";

/** The watch of one piece of work: whether a model call made within it failed. */
interface Watch {
  failed: boolean;
}

const watches = new AsyncLocalStorage<Watch>();

/**
 * Runs `work` and tells whether a model call made within it (in its async flow, at any depth)
 * failed with a ModelError: the answer was then made without the model because the model failed,
 * not because the agent does without it. Watches may nest: a failure is told to the innermost.
 */
export async function watchModelFailures<T>(
  work: () => Promise<T>,
): Promise<{ value: T; modelFailed: boolean }> {
  const watch: Watch = { failed: false };
  const value = await watches.run(watch, work);
  return { value, modelFailed: watch.failed };
}

/** Called by the model client when a call failed; outside any watch it does nothing. */
export function noteModelFailure(): void {
  const watch = watches.getStore();
  if (watch) watch.failed = true;
}
