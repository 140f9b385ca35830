import { AbortController as ApiAbortController, type AbortSignal as ApiSignal } from "abort-controller";

export type { ApiSignal };

/**
 * grammY types its signals with the `abort-controller` shim, which Node's own AbortSignal does not
 * satisfy. This returns a shim signal that aborts when `signal` does (at once if it already did),
 * so the gateway's native signals reach grammY typed as it expects, without a cast.
 */
export function toApiSignal(signal: AbortSignal): ApiSignal {
  const controller = new ApiAbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener("abort", () => controller.abort(), { once: true });
  return controller.signal;
}

/** A fresh shim controller, for a transformer that aborts a call itself. */
export function createApiAbortController(): ApiAbortController {
  return new ApiAbortController();
}
