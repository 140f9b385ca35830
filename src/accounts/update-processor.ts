import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import { lazyChild } from "../log/lazy-child.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { BotIdentity } from "../core/inbound-message.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { InlineHandler, InlineReplier } from "../core/inline-query.js";
import type { Replier } from "../core/replier.js";
import { EXPIRED_TAP_NOTICE } from "../core/tap-notice.js";
import { type MembershipEvent, toMembershipEvent } from "./membership-event.js";
import { isTransient } from "./classify-failure.js";
import { createDrain } from "./drain.js";
import { createInFlight } from "./in-flight.js";
import { type Journal, JournalError } from "./journal/journal.js";
import { toReactionEvent } from "./reaction-event.js";
import type { ReplyTarget } from "./telegram-replier.js";
import { toInboundMessage } from "./to-inbound.js";
import { toChosenInlineResult, toInlineQuery } from "./to-inline.js";

export interface UpdateProcessorDeps {
  account: string;
  journal: Journal;
  log: Logger;
  handler: MessageHandler;
  identity: () => BotIdentity;
  replierFor: (target: ReplyTarget) => Replier;
  /**
   * Answers a button tap that reaches no handler (answerCallbackQuery with a notice); resolves
   * when Telegram refuses it as too old. Without it such taps are only logged.
   */
  answerTap?: (queryId: string, text: string) => Promise<void>;
  /** Hands an update back to the bot later (after a transient Telegram failure). */
  resubmit: (update: Update) => void;
  /** The bot was added to or removed from a chat, or blocked or unblocked by a user. */
  onMembership?: (event: MembershipEvent) => void;
  /** A user's reaction on a message changed (message_reaction). Must not throw. */
  onReaction?: (event: ReactionEvent, log: Logger) => void;
  /** Inline queries and chosen inline results; without it they are ignored (logged). */
  inline?: InlineHandler;
  inlineReplierFor?: (queryId: string) => InlineReplier;
}

export interface UpdateProcessor {
  /**
   * Handles an update unless it is done or already running; resolves when this call's work ended.
   * With `turn` (its place in its chat's order), the update runs at once and its replies wait for
   * the turn; without it the caller waits for the turn first.
   */
  process(update: Update, turn?: Promise<void>): Promise<void>;
  inFlight(): number;
  /**
   * Stops retrying and waits until no handler runs (nor `extra()` reports work), up to
   * `deadlineMs`; false when the deadline won (see `Drain`).
   */
  drain(deadlineMs: number, extra?: () => number): Promise<boolean>;
}

const MAX_ATTEMPTS = 5;
/** A journal that cannot be written (disk full) is retried much longer: the disk gets freed. */
const MAX_JOURNAL_ATTEMPTS = 120;

/**
 * Runs each update through the handler exactly once per process, and marks it done in the journal.
 *
 * Contract: an update already done (journal) or already running (a re-delivery after a runner
 * restart, or a replay racing a fresh poll) is skipped. A handler failure caused by Telegram or
 * the network leaves the update unfinished and resubmits it later (up to 5 attempts); any other
 * failure is logged and the update is done, so one bad message never blocks a chat. A button tap
 * that cannot become a message (its message is no longer accessible to the bot, or its data is
 * unusable) is still answered, with the "expired" notice, so the user's spinner stops. A tap is
 * answered at most once per process, also when its update is retried after the answer went out
 * (Telegram refuses a second answer).
 */
export function createUpdateProcessor(deps: UpdateProcessorDeps): UpdateProcessor {
  const { journal, log } = deps;
  const running = createInFlight();
  const attempts = new Map<number, number>();
  /** Taps answered whose update is still to be retried. */
  const answeredTaps = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let draining = false;

  async function handle(update: Update, turn: Promise<void> | undefined): Promise<void> {
    const updateId = update.update_id;
    const updateLog = lazyChild(log, { updateId });
    const membership = toMembershipEvent(update);
    if (membership) {
      updateLog.info(
        { ...membership },
        `membership: the bot was ${membership.change} (chat ${membership.chatId})`,
      );
      deps.onMembership?.(membership);
      journal.markDone(updateId);
      return;
    }
    const reaction = toReactionEvent(update, deps.account);
    if (reaction) {
      try {
        deps.onReaction?.(reaction, updateLog);
      } catch (error) {
        updateLog.error({ err: error }, "the reaction could not be handled");
      }
      journal.markDone(updateId);
      return;
    }
    if (await handleInline(update, updateLog)) {
      journal.markDone(updateId);
      return;
    }
    const msg = toInboundMessage(update, deps.identity(), deps.account);
    if (!msg) {
      updateLog.info({ reason: ignoredReason(update) }, "update ignored");
      await answerUnusableTap(update, updateLog);
      journal.markDone(updateId);
      return;
    }
    const replier = deps.replierFor({
      updateId,
      chatId: msg.chatId,
      messageId: msg.messageId,
      ...(msg.threadId !== undefined ? { threadId: msg.threadId } : {}),
      ...(turn ? { turn } : {}),
    });
    const tapId = msg.callback?.id;
    const reply = tapId === undefined ? replier : answerOnce(replier);
    try {
      await deps.handler(msg, reply, updateLog);
      journal.markDone(updateId);
      attempts.delete(updateId);
      if (tapId !== undefined) answeredTaps.delete(tapId);
    } catch (error) {
      const attempt = (attempts.get(updateId) ?? 0) + 1;
      const journalFailed = error instanceof JournalError;
      const retryable = journalFailed || isTransient(error);
      const limit = journalFailed ? MAX_JOURNAL_ATTEMPTS : MAX_ATTEMPTS;
      if (retryable && attempt < limit && !draining) {
        attempts.set(updateId, attempt);
        updateLog.warn(
          { err: error, attempt },
          journalFailed
            ? "the journal cannot be written; the update is retried"
            : "Telegram failed while answering; the update is retried",
        );
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            deps.resubmit(update);
          },
          Math.min(2000 * attempt, 10_000),
        );
        timer.unref();
        timers.add(timer);
        return;
      }
      if (tapId !== undefined) answeredTaps.delete(tapId);
      if (retryable) {
        updateLog.warn(
          { err: error },
          "the update could not be answered now; it stays in the journal for the next start",
        );
        return;
      }
      updateLog.error({ err: error }, "the update could not be handled");
      journal.markDone(updateId);
      attempts.delete(updateId);
    }
  }

  /** The replier with an answerCallback that skips a tap answered before (by an earlier attempt). */
  function answerOnce(reply: Replier): Replier {
    return {
      send: (chunks, options) => reply.send(chunks, options),
      typing: () => reply.typing(),
      acknowledge: (emoji) => reply.acknowledge(emoji),
      async answerCallback(queryId, text) {
        if (answeredTaps.has(queryId)) return;
        await reply.answerCallback(queryId, text);
        answeredTaps.add(queryId);
      },
    };
  }

  /** A tap that reaches no handler still stops its spinner; a failure to say so is only logged. */
  async function answerUnusableTap(update: Update, updateLog: Logger): Promise<void> {
    const query: unknown = update.callback_query;
    const id = typeof query === "object" && query !== null ? (query as { id?: unknown }).id : undefined;
    if (typeof id !== "string" || id === "" || !deps.answerTap) return;
    try {
      await deps.answerTap(id, EXPIRED_TAP_NOTICE);
    } catch (error) {
      updateLog.warn({ err: error }, "the unusable button tap could not be answered");
    }
  }

  /**
   * An inline query or a chosen inline result goes to the inline handler, once: Telegram takes an
   * answer only within about 10 s, so a failure is not retried (the handler never rejects).
   */
  async function handleInline(update: Update, updateLog: Logger): Promise<boolean> {
    const { inline, inlineReplierFor } = deps;
    if (!inline || !inlineReplierFor) return false;
    const query = toInlineQuery(update, deps.account);
    if (query) {
      await inline.query(query, inlineReplierFor(query.queryId), updateLog);
      return true;
    }
    const chosen = toChosenInlineResult(update, deps.account);
    if (chosen) {
      await inline.chosen(chosen, updateLog);
      return true;
    }
    return false;
  }

  return {
    process(update, turn) {
      if (!Number.isSafeInteger(update.update_id) || journal.isDone(update.update_id))
        return Promise.resolve();
      return running.run(update.update_id, () => handle(update, turn));
    },
    inFlight: () => running.size(),
    drain(deadlineMs, extra = () => 0) {
      draining = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return createDrain({ busy: () => running.size() + extra(), settled: running.settled }).until(
        deadlineMs,
      );
    },
  };
}

/** Why an update is not answered although it was received (logged, so no drop is silent). */
export function ignoredReason(update: Update): string {
  if ("edited_channel_post" in update) return "edited-channel-post";
  if ((update.message ?? update.edited_message)?.via_bot !== undefined) return "sent-via-this-bot";
  if ("edited_message" in update) return "malformed-message";
  if ("message" in update || "channel_post" in update) return "malformed-message";
  if ("callback_query" in update) return "unusable-callback";
  if ("message_reaction" in update) return "unusable-reaction";
  if ("inline_query" in update || "chosen_inline_result" in update) return "inline-not-handled";
  return "unsupported-update";
}
