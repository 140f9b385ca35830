import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Logger } from "../log/logger.js";
import { type AccountBotOptions, createAccountBot } from "./account-bot.js";
import type { Journal } from "./journal/journal.js";
import type { OutgoingPacer } from "./outgoing-pacer.js";
import { ALLOWED_UPDATES } from "./to-inbound.js";

/** The parts of an account's polling that the runner wires: its bot, grammY's runner, the journal's damage. */

/** The account's grammY bot (account-bot.ts); a handler's error that escaped is logged. */
export function botOf(
  options: Pick<
    AccountBotOptions,
    "account" | "pollGate" | "token" | "apiRoot" | "pollTimeoutSeconds" | "responseMaxBytes"
  >,
  parts: Pick<AccountBotOptions, "journal" | "offsets" | "onPolling" | "onApiCall"> & {
    pacer: OutgoingPacer | undefined;
    log: Logger;
  },
): Bot {
  const { pacer, log, ...rest } = parts;
  const bot = createAccountBot({
    account: options.account,
    ...rest,
    ...(options.pollGate ? { pollGate: options.pollGate } : {}),
    ...(pacer ? { pacer } : {}),
    token: options.token,
    apiRoot: options.apiRoot,
    pollTimeoutSeconds: options.pollTimeoutSeconds ?? 30,
    ...(options.responseMaxBytes ? { responseMaxBytes: options.responseMaxBytes } : {}),
  });
  bot.catch((error) => log.error({ err: error.error }, "unhandled error in an update handler"));
  return bot;
}

/** grammY's runner for the account: the intake takes an update at once (it waits only when the backlog is full). */
export function runBot(bot: Bot, pollTimeoutSeconds: number, concurrency: number): RunnerHandle {
  return run(bot, {
    runner: {
      fetch: { allowed_updates: ALLOWED_UPDATES, timeout: pollTimeoutSeconds },
      silent: true,
      maxRetryTime: 5000,
      retryInterval: 500,
    },
    sink: { concurrency },
  });
}

/** Says a damaged journal once, loudly (at open, and again after a remote store loaded). */
export function damageTeller(journal: Journal, log: Logger): () => void {
  let told = false;
  return () => {
    if (!journal.damage || told) return;
    told = true;
    log.warn({ code: journal.damage.code, remedy: journal.damage.remedy }, journal.damage.message);
  };
}
