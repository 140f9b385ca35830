import type { PollGate, PollPermit } from "../core/poll-gate.js";
import type { Held } from "./held-leases.js";
import { LeaseLostError } from "./lease-lost-error.js";
import type { LeaseStore } from "./lease-store.js";

/** Shortest long poll worth starting; below it the gate waits for the next renewal. */
const MIN_POLL_MS = 1_000;

export interface LeaseGateDeps {
  leases: LeaseStore;
  marginMs: number;
  tickMs: number;
  now: () => number;
  /** The account's lease as held now (a re-take is another object). */
  held(account: string): Held | undefined;
  lose(account: string, h: Held, reason: string): void;
}

/**
 * The poll gate of one held account. Contract: `admit` checks the lease in Redis (its fencing token
 * is still the latest) and grants a long-poll timeout that ends a margin before the local deadline,
 * with a signal aborted when the lease is lost. With less than MIN_POLL_MS left, or Redis silent,
 * it waits for the next renewal (or the deadline). It throws LeaseLostError once the lease is gone.
 */
export function leaseGate(account: string, deps: LeaseGateDeps): PollGate {
  const { leases, marginMs, tickMs, now } = deps;
  return {
    async admit(requestedTimeoutSeconds: number): Promise<PollPermit> {
      for (;;) {
        const h = deps.held(account);
        if (!h) throw new LeaseLostError(account, "not held");
        let pttl: number | undefined | null;
        try {
          pttl = await leases.check(h.lease);
        } catch {
          pttl = null; // Redis did not answer: wait for a renewal or the deadline
        }
        if (deps.held(account) !== h) throw new LeaseLostError(account, "lost during the check");
        if (pttl === undefined) {
          deps.lose(account, h, "the fencing token is no longer the latest");
          throw new LeaseLostError(account, "fenced");
        }
        const remaining = h.deadline - now() - marginMs;
        if (pttl !== null && remaining >= MIN_POLL_MS) {
          return {
            timeoutSeconds: Math.max(0, Math.min(requestedTimeoutSeconds, Math.floor(remaining / 1000))),
            signal: h.controller.signal,
          };
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.max(50, Math.min(tickMs, h.deadline - now())));
          h.waiters.add(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}
