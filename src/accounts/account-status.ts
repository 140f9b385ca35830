import type { BotIdentity } from "../core/inbound-message.js";
import type { AccountState, AccountStatus } from "./account-state.js";
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
