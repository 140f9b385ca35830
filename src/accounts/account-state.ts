import type { BotIdentity } from "../core/inbound-message.js";

/**
 * The life of one account, as /status, /readyz and the metrics report it.
 * - starting: getMe / webhook check / replay in progress
 * - polling: the last getUpdates succeeded
 * - conflict: another process polls this bot (409); retried with growing backoff
 * - network: Telegram unreachable or answering 5xx; retried with backoff
 * - error: another failure (e.g. the journal cannot be written); retried with backoff
 * - unauthorized: the token was revoked or is wrong (401); not retried until the token changes
 * - stopped: stopped on purpose (shutdown, removed from gateway.json)
 * - disabled: `enabled: false` in gateway.json
 * - standby: cluster mode: another replica owns the account (holds its lease) and polls it
 */
export type AccountStatus =
  | "starting"
  | "polling"
  | "conflict"
  | "network"
  | "error"
  | "unauthorized"
  | "stopped"
  | "disabled"
  | "standby";

export const ACCOUNT_STATUSES: readonly AccountStatus[] = [
  "starting",
  "polling",
  "conflict",
  "network",
  "error",
  "unauthorized",
  "stopped",
  "disabled",
  "standby",
];

export interface AccountState {
  account: string;
  status: AccountStatus;
  /** Known once getMe succeeded. */
  bot?: BotIdentity;
  /** What is wrong and what to change, when status is not polling. */
  problem?: { code: string; message: string; remedy: string };
  since: string;
  /** Updates journaled and not yet answered. */
  journalDepth: number;
  webhookRemovals: number;
}

/** An account counts as ready when it polls, was deliberately stopped, or runs on another replica. */
export function isAccountReady(state: AccountState): boolean {
  return (
    state.status === "polling" ||
    state.status === "stopped" ||
    state.status === "disabled" ||
    state.status === "standby"
  );
}
