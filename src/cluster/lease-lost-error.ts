import type { ClusterCode } from "./cluster-codes.js";
import { GatewayError } from "../errors.js";

/**
 * This replica no longer holds an account's lease (it expired locally, another replica took it,
 * or the fencing token is no longer the latest): its polling stopped. `lease-lost`.
 */
export class LeaseLostError extends GatewayError<ClusterCode> {
  constructor(account: string, reason: string) {
    super(
      "lease-lost",
      `this replica no longer owns the account "${account}" (${reason}); it stopped polling it`,
      "nothing to change: the replica that owns the account polls it; check that Redis is reachable if this repeats",
    );
  }
}
