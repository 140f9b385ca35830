import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { Replier } from "../core/replier.js";
import type { Logger } from "../log/logger.js";
import type { OffsetTrack } from "./account-bot.js";
import { type AccountWork, createAccountProcessor } from "./account-processor.js";
import { createAccountReplies } from "./account-replies.js";
import type { AccountRunnerOptions } from "./account-runner-options.js";
import { createAccountStop } from "./account-stop.js";
import type { Supervisor } from "./account-supervisor.js";
import { identityOf } from "./bot-identity.js";
import type { Journal } from "./journal/journal.js";
import type { OutgoingPacer } from "./outgoing-pacer.js";
import type { StreamEvent } from "./stream-events.js";
import { createStreamStops } from "./stream-stops.js";
import type { ReplyTarget } from "./telegram-replier.js";

/** What the runner has made of one account when it wires its answering and its stop. */
export interface Made {
  bot: Bot;
  journal: Journal;
  log: Logger;
  pacer: OutgoingPacer | undefined;
}

/**
 * The answering side of one account: its repliers (answers streamed, their stops counted), and the
 * processor and intake that run its updates, each chat in turn.
 */
export function answering(
  options: AccountRunnerOptions,
  made: Made & { submit: (update: Update) => void },
): AccountWork & { replierFor: (target: ReplyTarget) => Replier } {
  const { account } = options;
  const { bot, journal, log, pacer } = made;
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
  const work = createAccountProcessor({
    account,
    journal,
    log,
    api: bot.api,
    identity: () => identityOf(bot.botInfo),
    handler: options.handler,
    ...(options.inline ? { inline: options.inline } : {}),
    replierFor,
    resubmit: made.submit,
    onMembership: (event) => options.onMembership?.(account, event),
    ...(options.onReaction ? { onReaction: options.onReaction } : {}),
    concurrency: options.concurrency ?? 64,
    backlogLimit: options.backlogLimit ?? 2000,
    // The bound needs the pace, which only the outgoing queue keeps.
    busyChatMs: pacer ? (options.busyChatSeconds ?? 120) * 1000 : 0,
    stops,
  });
  return { ...work, replierFor };
}

/**
 * The account's stop (account-stop.ts): fetching ends (`beforeStop` first), then the running
 * updates, the backlog and the replies still queued for their turn are waited for.
 */
export function stopOf(
  made: Made &
    Pick<AccountWork, "processor" | "intake"> & {
      offsets: OffsetTrack;
      supervisor: Pick<Supervisor, "runner">;
    },
  on: { beforeStop: () => void; onStopped: () => void },
): ReturnType<typeof createAccountStop> {
  const { bot, pacer, supervisor, processor, intake } = made;
  return createAccountStop({
    log: made.log,
    journal: made.journal,
    offsets: made.offsets,
    async stopFetching() {
      on.beforeStop();
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
    onStopped: on.onStopped,
  });
}
