import type { Update } from "grammy/types";
import type { BotIdentity } from "../core/inbound-message.js";
import type { Replier } from "../core/replier.js";
import type { AccountBacklog, AccountState } from "./account-state.js";
import { createAccountStatus, pollingReports } from "./account-status.js";
import type { StopOptions } from "./account-stop.js";
import { createSupervisor } from "./account-supervisor.js";
import type { OffsetTrack } from "./account-bot.js";
import { botOf, damageTeller, runBot } from "./account-polling.js";
import { identityOf } from "./bot-identity.js";
import { syncCommandMenus } from "./command-menu.js";
import { openJournal } from "./journal/journal.js";
import { createOutgoingPacer } from "./outgoing-pacer.js";
import { createReplay } from "./journal/replay.js";
import type { AccountRunnerOptions } from "./account-runner-options.js";
import { answering, stopOf } from "./account-wiring.js";

export type { StopOptions } from "./account-stop.js";
export type { AccountRunnerOptions } from "./account-runner-options.js";

export interface AccountRunner {
  readonly account: string;
  /** Starts supervision; resolves once the first attempt settled (polling, or a failure state). */
  start(): Promise<void>;
  /** Stops fetching, waits (up to `deadlineMs`) for running handlers, closes the journal. Idempotent. */
  stop(deadlineMs: number, options?: StopOptions): Promise<void>;
  state(): AccountState;
  /**
   * A replier outside any update (pairing notices, answering a message kept by pairing, the
   * editors' digest, which may go to a forum topic: `threadId`).
   */
  replier(target: { chatId: number; messageId?: number; threadId?: number }): Replier;
  identity(): BotIdentity | undefined;
  /** Messages waiting in (or being sent by) the outgoing queue. */
  outgoingDepth(): number;
  /** Updates waiting for their chat's turn, by chat, and the questions turned away (docs/busy-chats.md). */
  backlog(): AccountBacklog;
}

/**
 * One account: a grammY bot, its journal, its update processor and its supervisor, wired.
 * Fetched updates go to the intake (accounts/update-intake.ts), which holds each until its chat's
 * turn, so a busy chat never holds up fetching nor the other chats (docs/busy-chats.md).
 */
export function createAccountRunner(options: AccountRunnerOptions): AccountRunner {
  const { account } = options;
  const log = options.logger.child({ account });
  const journal =
    options.openJournal?.() ?? openJournal(options.journalFile, { durable: options.durableJournal ?? true });
  const tellDamage = damageTeller(journal, log);
  tellDamage();
  let stopping = false;
  const stopController = new AbortController();
  const identity = (): BotIdentity | undefined => (bot.isInited() ? identityOf(bot.botInfo) : undefined);
  const status = createAccountStatus({
    account,
    journal,
    identity,
    backlog: () => backlog(),
    ...(options.onState ? { onState: options.onState } : {}),
  });

  const pacer =
    options.pacing === false
      ? undefined
      : createOutgoingPacer({ onStart: (waitedMs) => options.onOutgoing?.(account, waitedMs) });
  const offsets: OffsetTrack = { next: 0, confirmOnly: false };
  const bot = botOf(options, {
    journal,
    offsets,
    pacer,
    log,
    ...pollingReports(status, () => stopping, options.onApiCall),
  });
  const submit = (update: Update): void => void bot.handleUpdate(update).catch(() => {});
  const { replierFor, processor, intake, backlog } = answering(options, { bot, journal, log, pacer, submit });
  bot.use((ctx) => intake.take(ctx.update, ctx.chat?.id));
  // Read when the replay runs: a remote journal knows its unfinished updates only once loaded.
  const replay = createReplay({
    get unfinished() {
      return journal.unfinished;
    },
    log,
    submit,
  });

  let firstSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => (firstSettled = resolve));
  const supervisor = createSupervisor({
    account,
    bot,
    log,
    status,
    stopSignal: stopController.signal,
    stopping: () => stopping,
    async beforeFirstPoll() {
      if (options.commands) await syncCommandMenus(bot.api, options.commands(options.account), log);
      await journal.ready();
      tellDamage();
      replay.run();
    },
    startRunner: () => runBot(bot, options.pollTimeoutSeconds ?? 30, options.concurrency ?? 64),
    onSettled: () => firstSettled(),
  });

  const stop = stopOf(
    { bot, journal, log, offsets, pacer, supervisor, processor, intake },
    {
      beforeStop() {
        stopping = true;
        stopController.abort();
      },
      onStopped() {
        status.set("stopped");
        firstSettled();
      },
    },
  );

  return {
    account,
    async start() {
      status.set("starting");
      void supervisor.run().catch((error) => log.error({ err: error }, "account supervisor crashed"));
      await settled;
    },
    stop: (deadlineMs, stopOptions) => stop(deadlineMs, stopOptions),
    state: () => status.state(),
    replier: (target) => replierFor(target),
    identity,
    outgoingDepth: () => pacer?.depth() ?? 0,
    backlog,
  };
}
