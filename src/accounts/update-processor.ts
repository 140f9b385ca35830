import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import { lazyChild } from "../log/lazy-child.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { BotIdentity, InboundMessage } from "../core/inbound-message.js";
import type { Replier } from "../core/replier.js";
import { createDrain } from "./drain.js";
import { createInFlight } from "./in-flight.js";
import type { Journal } from "./journal/journal.js";
import { turnedAwayReplier } from "./busy-notices.js";
import { createSideUpdates, type SideUpdateDeps } from "./side-updates.js";
import type { ReplyTarget } from "./telegram-replier.js";
import { toInboundMessage } from "./to-inbound.js";
import { createUpdateRetry } from "./update-retry.js";

export interface UpdateProcessorDeps extends SideUpdateDeps {
  journal: Journal;
  log: Logger;
  handler: MessageHandler;
  identity: () => BotIdentity;
  replierFor: (target: ReplyTarget) => Replier;
  /** Hands an update back to the bot later (after a transient Telegram failure). */
  resubmit: (update: Update) => void;
  /**
   * A question over its chat's capacity: its answer is not sent, its asker is told instead
   * (accounts/busy-notices.ts); resolves once told. Without it such questions are answered.
   */
  turnAway?: (msg: InboundMessage) => Promise<void>;
  /** Runs `fn` after `ms` (retries); returns a cancel. Default: an unref'd setTimeout. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

/** How an update is run. */
export interface ProcessOptions {
  /** Its place in its chat's order: it runs at once and its replies wait for the turn. */
  turn?: Promise<void>;
  /** It came past its chat's capacity: its asker is told, its answer not sent (`turnAway`). */
  over?: boolean;
}

export interface UpdateProcessor {
  /**
   * Handles an update unless it is done or already running; resolves when this call's work ended.
   * With `turn`, the update runs at once and its replies wait for the turn; without it the caller
   * waits for the turn first.
   */
  process(update: Update, options?: ProcessOptions): Promise<void>;
  inFlight(): number;
  /**
   * Stops retrying and waits until no handler runs (nor `extra()` reports work), up to
   * `deadlineMs`; false when the deadline won (see `Drain`).
   */
  drain(deadlineMs: number, extra?: () => number): Promise<boolean>;
}

/**
 * Runs each update through the handler exactly once per process, and marks it done in the journal.
 *
 * Contract: an update already done (journal) or already running (a re-delivery after a runner
 * restart, or a replay racing a fresh poll) is skipped. Updates that are no message go to
 * side-updates.ts. A handler failure is retried or kept as update-retry.ts decides (the update
 * stays unfinished), or given up (logged, and done, so one bad message never blocks a chat). A
 * button tap that cannot become a message (its message is no longer accessible to the bot, or its
 * data is unusable) is still answered, with the "expired" notice, so the user's spinner stops. A
 * tap is answered at most once per process, also when its update is retried after the answer went
 * out (Telegram refuses a second answer).
 */
export function createUpdateProcessor(deps: UpdateProcessorDeps): UpdateProcessor {
  const { journal, log } = deps;
  const running = createInFlight();
  const side = createSideUpdates(deps);
  const retry = createUpdateRetry({
    resubmit: deps.resubmit,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
  });
  /** Taps answered whose update is still to be retried. */
  const answeredTaps = new Set<string>();

  function replierOf(msg: InboundMessage, options: ProcessOptions): Replier {
    const replier = deps.replierFor({
      updateId: msg.updateId,
      chatId: msg.chatId,
      messageId: msg.messageId,
      ...(msg.threadId !== undefined ? { threadId: msg.threadId } : {}),
      ...(options.turn ? { turn: options.turn } : {}),
    });
    const { turnAway } = deps;
    if (options.over && turnAway) return answerOnce(turnedAwayReplier(replier, () => turnAway(msg)));
    return msg.callback === undefined ? replier : answerOnce(replier);
  }

  async function handle(update: Update, options: ProcessOptions): Promise<void> {
    const updateId = update.update_id;
    const updateLog = lazyChild(log, { updateId });
    if (await side.handle(update, updateLog)) {
      journal.markDone(updateId);
      return;
    }
    const msg = toInboundMessage(update, deps.identity(), deps.account);
    if (!msg) {
      updateLog.info({ reason: ignoredReason(update) }, "update ignored");
      await side.answerUnusableTap(update, updateLog);
      journal.markDone(updateId);
      return;
    }
    const tapId = msg.callback?.id;
    try {
      await deps.handler(msg, replierOf(msg, options), updateLog);
      journal.markDone(updateId);
      retry.succeeded(updateId);
      if (tapId !== undefined) answeredTaps.delete(tapId);
    } catch (error) {
      const outcome = retry.failed(update, error, updateLog);
      if (outcome !== "retried" && tapId !== undefined) answeredTaps.delete(tapId);
      if (outcome === "given-up") journal.markDone(updateId);
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

  return {
    process(update, options = {}) {
      if (!Number.isSafeInteger(update.update_id) || journal.isDone(update.update_id))
        return Promise.resolve();
      return running.run(update.update_id, () => handle(update, options));
    },
    inFlight: () => running.size(),
    drain(deadlineMs, extra = () => 0) {
      retry.stop();
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
