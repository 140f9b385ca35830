import { createHash } from "node:crypto";
import type { GatewayConfig } from "../config/schema.js";
import type { PollGate } from "../core/poll-gate.js";
import type { Logger } from "../log/logger.js";
import { type AccountRunner, type AccountRunnerOptions, createAccountRunner } from "./account-runner.js";
import type { AccountState } from "./account-state.js";
import type { Journal } from "./journal/journal.js";

export type RunnerFactory = (options: AccountRunnerOptions) => AccountRunner;

export interface AccountPoolOptions extends Omit<
  AccountRunnerOptions,
  "account" | "token" | "journalFile" | "logger" | "openJournal"
> {
  logger: Logger;
  journalFile: (account: string) => string;
  /** Opens an account's journal in another store (cluster mode); default: the file `journalFile`. */
  journalFor?: (account: string) => Journal;
  stopTimeoutMs: number;
  createRunner?: RunnerFactory;
  /**
   * Cluster mode: an account runs here only while this gives its poll gate (this replica holds
   * its lease); `reconcile` is called when that changes. Absent: every wanted account runs.
   */
  ownership?: { gate(account: string): PollGate | undefined };
}

export interface AccountPool {
  /** Resolves when every started account settled its first attempt. */
  apply(
    config: GatewayConfig,
    tokens: Record<string, string>,
  ): Promise<{ started: string[]; stopped: string[] }>;
  get(account: string): AccountRunner | undefined;
  /** Every configured account's state, disabled ones included, by name. */
  states(): AccountState[];
  /** Enabled accounts with a token, in name order (in cluster mode, whether they run here or not). */
  wanted(): string[];
  /**
   * Cluster mode: brings one account in line with its ownership: started when wanted and owned
   * here, stopped otherwise (`graceful`: its offsets are confirmed first, the lease still held).
   * Starts for one account run one after the other; a stop also ends a start still running.
   */
  reconcile(account: string, graceful?: boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The set of running accounts. `apply` brings it in line with a configuration: accounts added or
 * re-enabled are started, removed or disabled ones stopped, and ones whose token changed restarted;
 * every other account is left alone (hot reload never restarts what did not change).
 */
export function createAccountPool(options: AccountPoolOptions): AccountPool {
  const runners = new Map<string, { runner: AccountRunner; tokenHash: string }>();
  const disabled = new Set<string>();
  const wanted = new Map<string, string>();
  const factory = options.createRunner ?? createAccountRunner;
  const { ownership } = options;

  const serial = keyedChain();

  const startOne = (account: string, token: string, pollGate: PollGate | undefined) => {
    const runner = factory(runnerOptions(options, account, token, pollGate));
    runners.set(account, { runner, tokenHash: hash(token) });
    return runner.start();
  };

  /** Starts the account if it should run here and does not; true when it was started. */
  const startIfDue = async (account: string): Promise<boolean> => {
    const token = wanted.get(account);
    if (token === undefined || runners.has(account)) return false;
    const pollGate = ownership?.gate(account);
    if (ownership && pollGate === undefined) return false;
    await startOne(account, token, pollGate);
    return true;
  };

  const stopOne = async (account: string, confirmOffsets: boolean): Promise<void> => {
    const entry = runners.get(account);
    if (!entry) return;
    runners.delete(account);
    await entry.runner.stop(options.stopTimeoutMs, confirmOffsets ? { confirmOffsets } : {});
  };

  /**
   * Stops at once, not queued behind a start still running (one waiting for Redis would hold the
   * stop for as long as Redis is away; stopping the runner ends that start), then once more after
   * the work queued for the account (a start queued before this stop).
   */
  const stopSoon = async (account: string, confirmOffsets: boolean): Promise<void> => {
    await Promise.all([
      stopOne(account, confirmOffsets),
      serial(account, () => stopOne(account, confirmOffsets)),
    ]);
  };

  return {
    async apply(
      config: GatewayConfig,
      tokens: Record<string, string>,
    ): Promise<{ started: string[]; stopped: string[] }> {
      wanted.clear();
      disabled.clear();
      for (const [name, token] of wantedAccounts(config, tokens)) {
        if (token === undefined) disabled.add(name);
        else wanted.set(name, token);
      }
      // Removed, disabled, or with another token: stopped (and started again below when wanted).
      const stopped = [...runners]
        .filter(([name, { tokenHash }]) => !wanted.has(name) || hash(wanted.get(name)!) !== tokenHash)
        .map(([name]) => name);
      await Promise.all(stopped.map((name) => serial(name, () => stopOne(name, false))));
      const started: string[] = [];
      const starting: Promise<void>[] = [];
      for (const name of wanted.keys()) {
        if (runners.has(name)) continue;
        starting.push(
          serial(name, async () => {
            if (await startIfDue(name)) started.push(name);
          }),
        );
      }
      await Promise.all(starting);
      return { started: started.sort(), stopped };
    },
    get: (account: string) => runners.get(account)?.runner,
    states(): AccountState[] {
      const out = [...runners.values()].map(({ runner }) => runner.state());
      for (const name of wanted.keys()) if (ownership && !runners.has(name)) out.push(idle(name, "standby"));
      for (const name of disabled) out.push(idle(name, "disabled"));
      return out.sort((a, b) => a.account.localeCompare(b.account));
    },
    wanted: () => [...wanted.keys()].sort(),
    reconcile(account, graceful = false) {
      if (ownership?.gate(account) === undefined || graceful) return stopSoon(account, graceful);
      return serial(account, async () => {
        if (ownership?.gate(account) !== undefined) await startIfDue(account);
        else await stopOne(account, false);
      });
    },
    async stop(): Promise<void> {
      const all = [...runners.keys()].map((name) => stopSoon(name, false));
      await Promise.all(all);
    },
  };
}

/** The options of one account's runner, from the pool's. */
function runnerOptions(
  options: AccountPoolOptions,
  account: string,
  token: string,
  pollGate: PollGate | undefined,
): AccountRunnerOptions {
  return {
    ...options,
    account,
    token,
    journalFile: options.journalFile(account),
    ...(options.journalFor ? { openJournal: () => options.journalFor!(account) } : {}),
    logger: options.logger,
    ...(pollGate ? { pollGate } : {}),
  };
}

/** Each configured account with its token when it should run (enabled, with a token), else undefined. */
function wantedAccounts(
  config: GatewayConfig,
  tokens: Record<string, string>,
): Array<[name: string, token: string | undefined]> {
  return Object.entries(config.accounts).map(([name, account]) => {
    const token = tokens[name];
    return [name, config.enabled && account.enabled && token ? token : undefined];
  });
}

/** The state of an account that does not run here. */
function idle(account: string, status: "standby" | "disabled"): AccountState {
  return { account, status, since: "", journalDepth: 0, webhookRemovals: 0 };
}

/** Work per key, one at a time in the order asked (a start or stop of one account). */
function keyedChain(): (key: string, work: () => Promise<void>) => Promise<void> {
  /** Per key, the last work in progress. */
  const chains = new Map<string, Promise<void>>();
  return (key, work) => {
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work);
    chains.set(key, next);
    // The caller gets `next` with its failure; this bookkeeping branch must not rethrow it (an
    // unhandled rejection ends the process).
    const forget = () => {
      if (chains.get(key) === next) chains.delete(key);
    };
    void next.then(forget, forget);
    return next;
  };
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
