import type { InboundMessage } from "../core/inbound-message.js";
import type { Logger } from "../log/logger.js";
import type { PairingApproval, PairingRequest } from "./pairing-file.js";
import type { PairingOutcome } from "./pairing-rules.js";

/** The pairing store's interface, used by the daemon (pipeline, delivery) and the CLI. */

/** What the store needs whatever document it keeps its state in. */
export interface PairingStoreRules {
  /** Clock for expiry and repeat rules (epoch ms); the lock's staleness uses the real clock. */
  now?: () => number;
  logger?: Logger;
  /** Poll period of `watch` (fs.watch events are not reliable on every filesystem). */
  pollMs?: number;
}

/** The default store: the file pairing.json and its lock file. */
export interface PairingStoreOptions extends PairingStoreRules {
  /** pairing.json (StateLayout.pairingFile). */
  file: string;
  /** pairing.lock (StateLayout.pairingLock). */
  lockFile: string;
  /** How long a write waits for the lock before failing with `pairing-lock-timeout`. */
  lockTimeoutMs?: number;
}

/** An approval whose user has not been told yet (its `message` is the one to answer after telling them). */
export type Delivery = Omit<PairingApproval, "delivered" | "deliveredAt">;

export interface PairingStore {
  /**
   * An unknown DM sender under dmPolicy pairing wrote: create, repeat or refuse a request.
   * Rejects with `pairing-invalid-request` for a group message or a message without a sender.
   */
  request(account: string, msg: InboundMessage): Promise<PairingOutcome>;
  /** Approves a code (case-insensitive); the approval is pending delivery. */
  approve(code: string, account?: string): Promise<PairingApproval>;
  /** Removes a request. */
  deny(code: string, account?: string): Promise<PairingRequest>;
  /** Removes an approved sender. */
  revoke(account: string, userId: string): Promise<PairingApproval>;
  /** Pending (unexpired) requests, oldest first, read from the file. */
  list(account?: string): Promise<PairingRequest[]>;
  /** Approved senders, read from the file. */
  allowed(account?: string): Promise<PairingApproval[]>;
  /** From the in-memory snapshot (last reload, write or watched change). False before the first load. */
  isApproved(account: string, userId: string): boolean;
  /** Re-reads the file into the snapshot. */
  reload(): Promise<void>;
  /**
   * Calls `onChange` after another process changed the file, once the snapshot holds the change.
   * A change is text this store did not write itself and had not seen: call `reload()` before
   * `watch()`, so the state at start is not reported as a change.
   */
  watch(onChange: () => void): { close(): void };
  /**
   * Approved but not yet delivered, read from the file. Entries stay until markDelivered. Never
   * rejects for a file it cannot read: it logs and answers from the last snapshot.
   */
  takeDeliveries(account?: string): Promise<Delivery[]>;
  /** The user was told and the kept message answered. False when the approval is gone. */
  markDelivered(account: string, userId: string): Promise<boolean>;
}
