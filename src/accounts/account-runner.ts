import { run } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import type { BotIdentity } from "../core/inbound-message.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { PollGate } from "../core/poll-gate.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { Replier } from "../core/replier.js";
import type { MembershipEvent } from "./membership-event.js";
import type { AccountState } from "./account-state.js";
import { createAccountStatus } from "./account-status.js";
import { createSupervisor } from "./account-supervisor.js";
import { type ApiCallEvent, createAccountBot, type OffsetTrack } from "./account-bot.js";
import { answerCallbackQuery } from "./answer-callback.js";
import { identityOf } from "./bot-identity.js";
import { createChatOrder } from "./chat-order.js";
import { type CommandMenu, syncCommandMenu } from "./command-menu.js";
import { type Journal, openJournal } from "./journal/journal.js";
import { createOutgoingPacer } from "./outgoing-pacer.js";
import { createReplay } from "./journal/replay.js";
import { createInlineReplier } from "./inline-replier.js";
import { createReplier } from "./telegram-replier.js";
import { ALLOWED_UPDATES } from "./to-inbound.js";
import { createUpdateProcessor } from "./update-processor.js";
import { createRichGate } from "./rich-gate.js";

export interface AccountRunnerOptions {
  account: string;
  token: string;
  apiRoot: string;
  journalFile: string;
  /** Opens the account's journal in another store (cluster mode: Redis); default: `journalFile`. */
  openJournal?: () => Journal;
  logger: Logger;
  handler: MessageHandler;
  /** Inline queries and chosen inline results; without it they are ignored (logged). */
  inline?: InlineHandler;
  toPlain: (html: string) => string;
  onApiCall?: (event: ApiCallEvent) => void;
  /** The bot was added to or removed from a chat, or blocked or unblocked (my_chat_member). */
  onMembership?: (account: string, event: MembershipEvent) => void;
  /** A reply found the group upgraded (400 with migrate_to_chat_id) and went to the new id. */
  onChatMigrated?: (account: string, oldChatId: number, newChatId: number) => void;
  /** A user's reaction on a message changed (message_reaction); must not throw. */
  onReaction?: (event: ReactionEvent, log: Logger) => void;
  onState?: (state: AccountState) => void;
  /** Updates handled at once (different chats; one chat is always sequential). */
  concurrency?: number;
  /** Long-poll timeout in seconds. */
  pollTimeoutSeconds?: number;
  /** Durable journal writes (fdatasync). */
  durableJournal?: boolean;
  /** The bot's command menu; registered with setMyCommands only when it differs from Telegram's. */
  commands?: CommandMenu;
  /** Keep Telegram's rates with an outgoing queue (default true); false leaves it to 429 and auto-retry. */
  pacing?: boolean;
  /** A message left the outgoing queue after waiting `waitedMs` for its turn. */
  onOutgoing?: (account: string, waitedMs: number) => void;
  /** Cluster mode: every getUpdates goes through this gate (the account's lease). */
  pollGate?: PollGate;
}

export interface StopOptions {
  /**
   * After the handlers drained, confirm the offsets of everything handled with one last getUpdates
   * (timeout 0, through the poll gate), so the next owner does not fetch it again. Skipped when a
   * handler is still running (then the next owner fetches those updates again: at-least-once).
   */
  confirmOffsets?: boolean;
}

export interface AccountRunner {
  readonly account: string;
  /** Starts supervision; resolves once the first attempt settled (polling, or a failure state). */
  start(): Promise<void>;
  /** Stops fetching, waits (up to `deadlineMs`) for running handlers, closes the journal. Idempotent. */
  stop(deadlineMs: number, options?: StopOptions): Promise<void>;
  state(): AccountState;
  /** A replier outside any update (pairing notices, answering a message kept by pairing). */
  replier(target: { chatId: number; messageId?: number }): Replier;
  identity(): BotIdentity | undefined;
  /** Messages waiting in (or being sent by) the outgoing queue. */
  outgoingDepth(): number;
}

/**
 * One account: a grammY bot, its journal, its update processor and its supervisor, wired.
 * Updates reach the processor one chat at a time (different chats run concurrently); a button
 * tap runs at once, so it is answered within Telegram's 10 s however busy its chat is, and only
 * its reply waits for the chat's earlier updates.
 */
export function createAccountRunner(options: AccountRunnerOptions): AccountRunner {
  const { account } = options;
  const log = options.logger.child({ account });
  const journal =
    options.openJournal?.() ?? openJournal(options.journalFile, { durable: options.durableJournal ?? true });
  let damageTold = false;
  const tellDamage = (): void => {
    if (!journal.damage || damageTold) return;
    damageTold = true;
    log.warn({ code: journal.damage.code, remedy: journal.damage.remedy }, journal.damage.message);
  };
  tellDamage();
  let stopping = false;
  let stopPromise: Promise<void> | undefined;
  const stopController = new AbortController();
  const identity = (): BotIdentity | undefined => (bot.isInited() ? identityOf(bot.botInfo) : undefined);
  const status = createAccountStatus({
    account,
    journal,
    identity,
    ...(options.onState ? { onState: options.onState } : {}),
  });

  const pacer =
    options.pacing === false
      ? undefined
      : createOutgoingPacer({ onStart: (waitedMs) => options.onOutgoing?.(account, waitedMs) });
  const offsets: OffsetTrack = { next: 0, confirmOnly: false };
  const bot: Bot = createAccountBot({
    account,
    offsets,
    ...(options.pollGate ? { pollGate: options.pollGate } : {}),
    ...(pacer ? { pacer } : {}),
    token: options.token,
    apiRoot: options.apiRoot,
    journal,
    pollTimeoutSeconds: options.pollTimeoutSeconds ?? 30,
    onPolling: () => {
      if (!stopping) status.set("polling");
    },
    onApiCall(event) {
      options.onApiCall?.(event);
      if (event.method !== "getUpdates" || stopping) return;
      if (event.ok) status.set("polling");
      else if (event.errorCode === 0 || (event.errorCode ?? 0) >= 500) {
        status.set("network", {
          code: "telegram-unavailable",
          message: `getUpdates failed: ${event.description ?? "network error"}`,
          remedy: "nothing to change: the gateway retries with backoff",
        });
      }
    },
  });
  bot.catch((error) => log.error({ err: error.error }, "unhandled error in an update handler"));
  let reactionRefused = false;
  const rich = createRichGate(log);
  const replierDeps = () => ({
    rich,
    api: bot.api,
    journal,
    log,
    toPlain: options.toPlain,
    onMigrated: (oldChatId: number, newChatId: number) =>
      options.onChatMigrated?.(account, oldChatId, newChatId),
    // The acknowledgement is a courtesy: said once loudly, then only at debug level.
    onReactionFailed: (error: unknown) => {
      const fields = { reason: (error as { description?: string }).description ?? String(error) };
      const text = "Telegram refused the acknowledgement reaction; answers are not affected";
      if (reactionRefused) log.debug(fields, text);
      else log.warn(fields, `${text} (later refusals are logged at debug level)`);
      reactionRefused = true;
    },
  });

  const replierFor = (target: Parameters<typeof createReplier>[1]): Replier =>
    createReplier(replierDeps(), target);
  const submit = (update: Update): void => void bot.handleUpdate(update).catch(() => {});
  const processor = createUpdateProcessor({
    account,
    journal,
    log,
    handler: options.handler,
    identity: () => identityOf(bot.botInfo),
    replierFor,
    resubmit: submit,
    answerTap: (queryId, text) => answerCallbackQuery(bot.api, log, queryId, text),
    onMembership: (event) => options.onMembership?.(account, event),
    ...(options.onReaction ? { onReaction: options.onReaction } : {}),
    ...(options.inline
      ? {
          inline: options.inline,
          inlineReplierFor: (queryId: string) => createInlineReplier({ api: bot.api, log, rich }, queryId),
        }
      : {}),
  });
  const chatOrder = createChatOrder();
  bot.use(async (ctx) => {
    const turn = chatOrder.reserve(String(ctx.chat?.id ?? ctx.update.update_id));
    try {
      if (ctx.update.callback_query === undefined) await turn.ready;
      await processor.process(ctx.update, turn.ready);
    } finally {
      turn.release();
    }
  });
  // Read when the replay runs: a remote journal knows its unfinished updates only once loaded.
  const replay = createReplay({
    get unfinished() {
      return journal.unfinished;
    },
    log,
    submit,
  });

  let firstSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    firstSettled = resolve;
  });
  const supervisor = createSupervisor({
    account,
    bot,
    log,
    status,
    stopSignal: stopController.signal,
    stopping: () => stopping,
    async beforeFirstPoll() {
      if (options.commands) await syncCommandMenu(bot.api, options.commands, log);
      await journal.ready();
      tellDamage();
      replay.run();
    },
    startRunner: () =>
      run(bot, {
        runner: {
          fetch: { allowed_updates: ALLOWED_UPDATES, timeout: options.pollTimeoutSeconds ?? 30 },
          silent: true,
          maxRetryTime: 5000,
          retryInterval: 500,
        },
        sink: { concurrency: options.concurrency ?? 64 },
      }),
    onSettled: () => firstSettled(),
  });

  /** One getUpdates with the next offset (timeout 0, limit 1): confirms, fetches nothing for us. */
  async function confirmOffsets(): Promise<void> {
    offsets.confirmOnly = true;
    try {
      await bot.api.getUpdates({ offset: offsets.next, limit: 1, timeout: 0 });
      log.debug({ offset: offsets.next }, "offsets confirmed before the handover");
    } catch (error) {
      log.warn({ err: error }, "could not confirm the offsets; the next owner fetches the last batch again");
    } finally {
      offsets.confirmOnly = false;
    }
  }

  return {
    account,
    async start() {
      status.set("starting");
      void supervisor.run().catch((error) => log.error({ err: error }, "account supervisor crashed"));
      await settled;
    },
    stop(deadlineMs, stopOptions = {}) {
      stopPromise ??= (async () => {
        stopping = true;
        // A handover lets the poll in flight end by itself: the confirmation below (and the next
        // owner's first poll) must not overlap it.
        if (stopOptions.confirmOffsets) offsets.finishPolls = true;
        stopController.abort();
        // A runner that already ended (its polling failed, e.g. the lease was lost) has no task
        // left: its stop() returns undefined, not a promise.
        await Promise.resolve(supervisor.runner()?.stop()).catch(() => {});
        // Replies still queued for their turn (also those outside any update) are waited for too.
        const drained = await processor.drain(
          deadlineMs,
          () => (supervisor.runner()?.size() ?? 0) + (pacer?.depth() ?? 0),
        );
        if (!drained)
          log.warn(
            { deadlineMs },
            "stop deadline reached with handlers still running; they are replayed at next start",
          );
        if (stopOptions.confirmOffsets && drained && journal.depth() === 0 && offsets.next > 0) {
          // The done marks are in the store before the offsets move (the next owner reads them).
          const stored = await journal.flush().then(
            () => true,
            (error: unknown) => {
              log.warn({ err: error }, "could not store the journal; the offsets are left unconfirmed");
              return false;
            },
          );
          if (stored) await confirmOffsets();
        }
        await journal.close();
        status.set("stopped");
        firstSettled();
      })();
      return stopPromise;
    },
    state: () => status.state(),
    replier: (target) => replierFor(target),
    identity,
    outgoingDepth: () => pacer?.depth() ?? 0,
  };
}
