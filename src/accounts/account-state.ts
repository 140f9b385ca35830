import type { BotIdentity } from "../core/inbound-message.js";
import type { BacklogView } from "./chat-backlog.js";

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
  /** Updates waiting for their chat's turn, and the busy chats' questions turned away (running accounts). */
  backlog?: AccountBacklog;
}

/** An account's backlog as /status and /metrics show it (docs/busy-chats.md). */
export interface AccountBacklog extends BacklogView {
  /** Questions whose answer was not sent because their chat was over its bound, since start. */
  turnedAway: number;
  /** Busy notices sent (each names the askers it tells), since start. */
  notices: number;
}

/** The backlog of an account that holds nothing (stand-ins, an account before its first update). */
export const NO_BACKLOG: AccountBacklog = Object.freeze({
  waiting: 0,
  running: 0,
  limit: 0,
  oldestWaitSeconds: 0,
  chats: [],
  turnedAway: 0,
  notices: 0,
});

/** An account counts as ready when it polls, was deliberately stopped, or runs on another replica. */
export function isAccountReady(state: AccountState): boolean {
  return (
    state.status === "polling" ||
    state.status === "stopped" ||
    state.status === "disabled" ||
    state.status === "standby"
  );
}
