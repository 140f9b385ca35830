/** What one getUpdates call may do, as a poll gate allows it. */
export interface PollPermit {
  /** The long-poll timeout to ask Telegram for: at most the one requested, capped so the poll ends in time. */
  timeoutSeconds: number;
  /** Aborted when the permission ends (the lease's local deadline, or the lease lost): abort the call. */
  signal: AbortSignal;
}

/**
 * Admission of every getUpdates call of one account. In cluster mode it lets a poll start only
 * while this replica holds the account's lease, after checking the fencing token, and only for as
 * long as the lease surely lasts. A getUpdates call also confirms the previous batch's offsets, so
 * the same check guards the confirmation. Without cluster mode there is no gate.
 */
export interface PollGate {
  /** Resolves when a poll may start; rejects when it may not (the lease is lost). */
  admit(requestedTimeoutSeconds: number): Promise<PollPermit>;
}
