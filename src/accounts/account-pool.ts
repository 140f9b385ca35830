import { createHash } from "node:crypto";
import type { GatewayConfig } from "../config/schema.js";
import type { Logger } from "../log/logger.js";
import { type AccountRunner, type AccountRunnerOptions, createAccountRunner } from "./account-runner.js";
import type { AccountState } from "./account-state.js";
import type { Journal } from "./journal.js";

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
  const factory = options.createRunner ?? createAccountRunner;

  const startOne = (account: string, token: string) => {
    const runner = factory({
      ...options,
      account,
      token,
      journalFile: options.journalFile(account),
      ...(options.journalFor ? { openJournal: () => options.journalFor!(account) } : {}),
      logger: options.logger,
    });
    runners.set(account, { runner, tokenHash: hash(token) });
    return runner.start();
  };

  return {
    async apply(
      config: GatewayConfig,
      tokens: Record<string, string>,
    ): Promise<{ started: string[]; stopped: string[] }> {
      const wanted = new Map<string, string>();
      disabled.clear();
      for (const [name, account] of Object.entries(config.accounts)) {
        const token = tokens[name];
        if (config.enabled && account.enabled && token) wanted.set(name, token);
        else disabled.add(name);
      }
      const stopped: string[] = [];
      const toStop: Promise<void>[] = [];
      for (const [name, { runner, tokenHash }] of runners) {
        const token = wanted.get(name);
        if (token === undefined || hash(token) !== tokenHash) {
          runners.delete(name);
          stopped.push(name);
          toStop.push(runner.stop(options.stopTimeoutMs));
        }
      }
      await Promise.all(toStop);
      const started: string[] = [];
      const starting: Promise<void>[] = [];
      for (const [name, token] of wanted) {
        if (runners.has(name)) continue;
        started.push(name);
        starting.push(startOne(name, token));
      }
      await Promise.all(starting);
      return { started, stopped };
    },
    get: (account: string) => runners.get(account)?.runner,
    states(): AccountState[] {
      const out = [...runners.values()].map(({ runner }) => runner.state());
      for (const name of disabled) {
        out.push({ account: name, status: "disabled", since: "", journalDepth: 0, webhookRemovals: 0 });
      }
      return out.sort((a, b) => a.account.localeCompare(b.account));
    },
    async stop(): Promise<void> {
      const all = [...runners.values()].map(({ runner }) => runner.stop(options.stopTimeoutMs));
      await Promise.all(all);
    },
  };
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
