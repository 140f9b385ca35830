import type { RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Logger } from "../log/logger.js";
import { sleepUnlessAborted } from "./abortable-sleep.js";
import type { AccountStatusTracker } from "./account-status.js";
import { toApiSignal } from "./api-signal.js";
import { identityOf } from "./bot-identity.js";
import { classifyFailure } from "./classify-failure.js";
import { ensureNoWebhook } from "./webhook-guard.js";

export interface SupervisorDeps {
  account: string;
  bot: Bot;
  log: Logger;
  status: AccountStatusTracker;
  /** Aborted by stop: ends waits and backoff at once. */
  stopSignal: AbortSignal;
  stopping: () => boolean;
  /** Once, after the first successful getMe and webhook check (command menu, replay). */
  beforeFirstPoll: () => Promise<void>;
  /** Starts the grammY runner (polling). */
  startRunner: () => RunnerHandle;
  /** The first attempt settled: polling, or a failure state. */
  onSettled: () => void;
}

export interface Supervisor {
  /** Runs until stopped, or until the token is refused (401: no retry loop). */
  run(): Promise<void>;
  runner(): RunnerHandle | undefined;
}

const INIT_TIMEOUT_MS = 15_000;

/**
 * Keeps one account polling. 401 → `unauthorized` (no retry loop); 409 → `conflict` (growing
 * backoff, up to 60 s); a webhook found set → removed, polling resumes; network and 5xx →
 * `network` (backoff up to 10 s). A failure here never reaches another account.
 */
export function createSupervisor(deps: SupervisorDeps): Supervisor {
  const { bot, log, status, stopSignal } = deps;
  const apiStopSignal = toApiSignal(stopSignal);
  let handle: RunnerHandle | undefined;

  async function waitForPoll(): Promise<void> {
    while (!deps.stopping() && status.current() !== "polling" && handle?.isRunning())
      await sleepUnlessAborted(20, stopSignal);
  }

  async function run(): Promise<void> {
    let backoffMs = 1000;
    let first = true;
    while (!deps.stopping()) {
      try {
        if (!bot.isInited()) {
          const signal = AbortSignal.any([stopSignal, AbortSignal.timeout(INIT_TIMEOUT_MS)]);
          await bot.init(toApiSignal(signal));
          log.info({ bot: identityOf(bot.botInfo) }, "bot identity");
        }
        if (await ensureNoWebhook(bot.api, log, apiStopSignal)) status.webhookRemoved();
        if (first) {
          first = false;
          await deps.beforeFirstPoll();
        }
        if (deps.stopping()) break; // stopped while starting: no poll after the stop
        handle = deps.startRunner();
        const task = handle.task();
        // A first successful poll (or a failure) settles start().
        void waitForPoll().then(deps.onSettled);
        await task;
        if (deps.stopping()) break;
      } catch (error) {
        if (deps.stopping()) break;
        const failure = classifyFailure(deps.account, error);
        const detail = { code: failure.code, message: failure.message, remedy: failure.remedy };
        if (failure.kind === "unauthorized") {
          status.set("unauthorized", detail);
          log.error(detail, failure.message);
          deps.onSettled();
          return;
        }
        if (failure.kind === "webhook") {
          log.warn(detail, failure.message);
          continue;
        }
        status.set(
          failure.kind === "conflict" ? "conflict" : failure.kind === "network" ? "network" : "error",
          detail,
        );
        log.warn({ ...detail, retryInMs: backoffMs }, failure.message);
        deps.onSettled();
        await sleepUnlessAborted(backoffMs, stopSignal);
        backoffMs = Math.min(backoffMs * 2, failure.kind === "network" ? 10_000 : 60_000);
        continue;
      }
      backoffMs = 1000;
    }
  }

  return { run, runner: () => handle };
}
