import type { BotIdentity } from "../core/inbound-message.js";
import type { ApiCallEvent } from "./account-bot.js";
import type { AccountBacklog, AccountState, AccountStatus } from "./account-state.js";
import type { Journal } from "./journal/journal.js";

export type AccountProblem = NonNullable<AccountState["problem"]>;

/** The status of one account as the supervisor sets it, and the state /status shows. */
export interface AccountStatusTracker {
  current(): AccountStatus;
  /** Changes the status; reports the new state only when status or problem code changed. */
  set(next: AccountStatus, problem?: AccountProblem): void;
  webhookRemoved(): void;
  /** A journal that cannot be written overrides everything: messages would not be safe. */
  state(): AccountState;
}

export interface AccountStatusDeps {
  account: string;
  journal: Pick<Journal, "failing" | "depth">;
  identity: () => BotIdentity | undefined;
  onState?: (state: AccountState) => void;
  /** The updates waiting for their chat's turn, shown while the account runs. */
  backlog?: () => AccountBacklog;
}

/**
 * What the account's API calls say about its status: a long poll waiting without error, or a
 * getUpdates that succeeded, is polling; a network failure or a 5xx is `network` (retried). Not
 * reported while the account stops. `onApiCall` gets every call first.
 */
export function pollingReports(
  status: Pick<AccountStatusTracker, "set">,
  stopping: () => boolean,
  onApiCall?: (event: ApiCallEvent) => void,
): { onPolling: () => void; onApiCall: (event: ApiCallEvent) => void } {
  return {
    onPolling: () => {
      if (!stopping()) status.set("polling");
    },
    onApiCall(event) {
      onApiCall?.(event);
      if (event.method !== "getUpdates" || stopping()) return;
      if (event.ok) status.set("polling");
      else if (event.errorCode === 0 || (event.errorCode ?? 0) >= 500) {
        status.set("network", {
          code: "telegram-unavailable",
          message: `getUpdates failed: ${event.description ?? "network error"}`,
          remedy: "nothing to change: the gateway retries with backoff",
        });
      }
    },
  };
}

export function createAccountStatus(deps: AccountStatusDeps): AccountStatusTracker {
  let status: AccountStatus = "starting";
  let problem: AccountProblem | undefined;
  let since = new Date().toISOString();
  let webhookRemovals = 0;

  const state = (): AccountState => {
    const failure = deps.journal.failing();
    const shown = failure
      ? {
          status: "error" as const,
          problem: { code: failure.code, message: failure.message, remedy: failure.remedy },
        }
      : { status, problem };
    const bot = deps.identity();
    return {
      account: deps.account,
      status: shown.status,
      ...(bot ? { bot } : {}),
      ...(shown.problem ? { problem: shown.problem } : {}),
      since,
      journalDepth: deps.journal.depth(),
      webhookRemovals,
      ...(deps.backlog && status !== "stopped" ? { backlog: deps.backlog() } : {}),
    };
  };

  return {
    current: () => status,
    set(next, nextProblem) {
      if (next === status && nextProblem?.code === problem?.code) return;
      status = next;
      problem = nextProblem;
      since = new Date().toISOString();
      deps.onState?.(state());
    },
    webhookRemoved() {
      webhookRemovals += 1;
    },
    state,
  };
}
