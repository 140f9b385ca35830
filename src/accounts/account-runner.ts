import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import type { BotIdentity } from "../core/inbound-message.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { PollGate } from "../core/poll-gate.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { Replier } from "../core/replier.js";
import type { MembershipEvent } from "./membership-event.js";
import type { AccountBacklog, AccountState } from "./account-state.js";
import { createAccountReplies } from "./account-replies.js";
import { createAccountStatus, pollingReports } from "./account-status.js";
import { createAccountStop, type StopOptions } from "./account-stop.js";
import { createSupervisor } from "./account-supervisor.js";
import type { ApiCallEvent, OffsetTrack } from "./account-bot.js";
import { botOf, damageTeller, runBot } from "./account-polling.js";
import { identityOf } from "./bot-identity.js";
import { type CommandMenus, syncCommandMenus } from "./command-menu.js";
import { type Journal, openJournal } from "./journal/journal.js";
import { createOutgoingPacer } from "./outgoing-pacer.js";
import { createReplay } from "./journal/replay.js";
import type { StreamEvent } from "./stream-events.js";
import { createStreamStops } from "./stream-stops.js";
import { createAccountProcessor } from "./account-processor.js";

export type { StopOptions } from "./account-stop.js";

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
  /** Updates handled at once (different chats, taking turns; one chat is always sequential). Default 64. */
  concurrency?: number;
  /** Most updates held in memory waiting for their chat's turn (default 2000); fetching waits past it. */
  backlogLimit?: number;
  /**
   * The bound of a busy chat, seconds (default 120): questions that could not be answered within
   * it at the chat's pace are turned away, their askers told once. 0: never (also without pacing).
   */
  busyChatSeconds?: number;
  /** Long-poll timeout in seconds. */
  pollTimeoutSeconds?: number;
  /** Durable journal writes (fdatasync). */
  durableJournal?: boolean;
  /**
   * The account's command menus, asked at each start (they follow the language of the agent bound
   * then); registered with setMyCommands only where they differ from Telegram's.
   */
  commands?: (account: string) => CommandMenus;
  /** Keep Telegram's rates with an outgoing queue (default true); false leaves it to 429 and auto-retry. */
  pacing?: boolean;
  /** A message left the outgoing queue after waiting `waitedMs` for its turn. */
  onOutgoing?: (account: string, waitedMs: number) => void;
  /** What an answer's stream did (drafts, placeholders, stops: docs/models.md#streaming); must not throw. */
  onStream?: (account: string, event: StreamEvent) => void;
  /** Cluster mode: every getUpdates goes through this gate (the account's lease). */
  pollGate?: PollGate;
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
  // Answers being streamed that their asker may stop (answer-stream.ts).
  const onStream = (event: StreamEvent) => options.onStream?.(account, event);
  const stops = createStreamStops((known) =>
    onStream({ event: "stop", outcome: known ? "stopped" : "ignored" }),
  );
  const replierFor = createAccountReplies({
    onStream,
    api: bot.api,
    journal,
    log,
    toPlain: options.toPlain,
    stops,
    ...(pacer ? { mayShow: (chatId: number) => pacer.hasRoom(chatId) } : {}),
    onMigrated: (oldChatId, newChatId) => options.onChatMigrated?.(account, oldChatId, newChatId),
  });
  const submit = (update: Update): void => void bot.handleUpdate(update).catch(() => {});
  const { processor, intake, backlog } = createAccountProcessor({
    account,
    journal,
    log,
    api: bot.api,
    identity: () => identityOf(bot.botInfo),
    handler: options.handler,
    ...(options.inline ? { inline: options.inline } : {}),
    replierFor,
    resubmit: submit,
    onMembership: (event) => options.onMembership?.(account, event),
    ...(options.onReaction ? { onReaction: options.onReaction } : {}),
    concurrency: options.concurrency ?? 64,
    backlogLimit: options.backlogLimit ?? 2000,
    // The bound needs the pace, which only the outgoing queue keeps.
    busyChatMs: pacer ? (options.busyChatSeconds ?? 120) * 1000 : 0,
    stops,
  });
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

  const stop = createAccountStop({
    log,
    journal,
    offsets,
    async stopFetching() {
      stopping = true;
      stopController.abort();
      // A runner that already ended (its polling failed, e.g. the lease was lost) has no task
      // left: its stop() returns undefined, not a promise.
      await Promise.resolve(supervisor.runner()?.stop()).catch(() => {});
    },
    // The backlog and the replies still queued for their turn (also those outside any update) too.
    async drain(deadlineMs) {
      const busy = () => (supervisor.runner()?.size() ?? 0) + intake.busy() + (pacer?.depth() ?? 0);
      const drained = await processor.drain(deadlineMs, busy);
      // What still waits is left to the journal: the next start (or owner) answers it, not this one.
      intake.close();
      return drained;
    },
    getUpdates: (offset) => bot.api.getUpdates({ offset, limit: 1, timeout: 0 }),
    onStopped() {
      status.set("stopped");
      firstSettled();
    },
  });

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
