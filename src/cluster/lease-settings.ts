import type { ClusterCode } from "./cluster-codes.js";
import { GatewayError } from "../errors.js";

/** The lease TTL and margin do not leave room for a poll. `lease-settings-invalid`. */
export class LeaseSettingsError extends GatewayError<ClusterCode> {}

/** How often the ownership loop beats and renews: a sixth of the TTL, at most half a second. */
export function tickMsOf(ttlMs: number): number {
  return Math.max(50, Math.min(500, Math.floor(ttlMs / 6)));
}

/**
 * Checks that a lease renewed on time always leaves a poll of at least a second: the deadline is
 * renew start + TTL − margin, a renewal comes every tick, and a poll must end a margin before the
 * deadline. So TTL − 2 × margin − tick must be at least 1000 ms.
 */
export function checkLeaseSettings(ttlMs: number, marginMs: number): void {
  const room = ttlMs - 2 * marginMs - tickMsOf(ttlMs);
  if (room < 1_000) {
    throw new LeaseSettingsError(
      "lease-settings-invalid",
      `GATEWAY_LEASE_TTL_MS=${ttlMs} with GATEWAY_LEASE_MARGIN_MS=${marginMs} leaves ${room} ms for a poll between renewals`,
      "raise GATEWAY_LEASE_TTL_MS or lower GATEWAY_LEASE_MARGIN_MS so that TTL − 2 × margin − min(TTL/6, 500) is at least 1000",
    );
  }
}
