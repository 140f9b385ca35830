import type { Transformer } from "grammy";
import { sleepUnlessAborted } from "./abortable-sleep.js";

/**
 * Waits before each quick retry of a call Telegram answered with a 5xx: 0.5 s, 1 s, 2 s. Only when
 * these are spent does the result go on to auto-retry, whose backoff starts at 3 s and doubles
 * (3, 6, 12, 24 s): without the quick retries, a few sporadic 502s in a row held a reply back for
 * up to 45 s. 429s (retry_after) and network errors go to auto-retry unchanged.
 */
export const QUICK_RETRY_MS: readonly number[] = [500, 1000, 2000];

/**
 * A transformer that retries a call answered with a 5xx after each of `delaysMs`, and returns the
 * last answer (an error the caller's own retry may still handle). An abort ends the waiting and
 * returns the answer in hand.
 */
export function quickRetry(delaysMs: readonly number[] = QUICK_RETRY_MS): Transformer {
  return async (prev, method, payload, signal) => {
    let res = await prev(method, payload, signal);
    for (const ms of delaysMs) {
      if (res.ok || res.error_code < 500) return res;
      if (!(await sleepUnlessAborted(ms, signal))) return res;
      res = await prev(method, payload, signal);
    }
    return res;
  };
}
