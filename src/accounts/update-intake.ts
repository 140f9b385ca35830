import type { Update } from "grammy/types";
import { type BacklogView, createChatBacklog } from "./chat-backlog.js";
import { createChatOrder } from "./chat-order.js";
import type { UpdateProcessor } from "./update-processor.js";

export interface UpdateIntakeDeps {
  processor: Pick<UpdateProcessor, "process">;
  /** Updates run at once across the account's chats. */
  concurrency: number;
  /** Most updates held in memory waiting for their chat (the runner stops fetching past it). */
  limit: number;
  /** Questions of a chat that may wait and still be answered within the bound. */
  capacity: (chat: string) => number;
  /** A chat's backlog is gone. */
  onIdle?: (chat: string) => void;
  /** Monotonic clock, ms. */
  now?: () => number;
}

export interface UpdateIntake {
  /**
   * Takes an update the runner fetched (and the journal stored): resolves once it is held, never
   * after it ran, so the runner's limit of updates in flight counts only the moment of taking.
   */
  take(update: Update, chatId: number | undefined): Promise<void>;
  /** Updates held or running. */
  busy(): number;
  view(): BacklogView;
  /** Starts no held update any more (see ChatBacklog.close); taps are not taken either. */
  close(): void;
}

/**
 * Between the runner and the update processor: each update takes its place in its chat's order
 * (accounts/chat-order.ts) when it arrives, then waits in the account's backlog
 * (accounts/chat-backlog.ts) for its turn. A button tap runs at once (Telegram wants its answer
 * within about 10 s); only its reply waits for the chat's earlier updates. A draft's stop button
 * (`stopped_message_generation`) runs at once and takes no place: it stops the answer its chat is
 * waiting for. A question over its
 * chat's capacity runs at once too, out of order: its answer is not sent, its asker is told.
 */
export function createUpdateIntake(deps: UpdateIntakeDeps): UpdateIntake {
  const order = createChatOrder();
  const backlog = createChatBacklog({
    concurrency: deps.concurrency,
    limit: deps.limit,
    capacity: deps.capacity,
    ...(deps.onIdle ? { onIdle: deps.onIdle } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  let closed = false;
  return {
    take(update, chatId) {
      if (closed) return Promise.resolve();
      // A stop button is for the answer its chat is waiting for: it cannot wait for that chat's turn.
      if (update.stopped_message_generation !== undefined) {
        void deps.processor.process(update).catch(() => {});
        return Promise.resolve();
      }
      const chat = chatId === undefined ? `update:${update.update_id}` : String(chatId);
      const turn = order.reserve(chat);
      if (update.callback_query !== undefined) {
        void deps.processor.process(update, { turn: turn.ready }).finally(() => turn.release());
        return Promise.resolve();
      }
      return backlog.add({
        chat,
        question: update.message !== undefined,
        async run(over) {
          try {
            if (over) {
              // Nothing of it reaches the chat in order: the later updates need not wait for it.
              turn.release();
              return await deps.processor.process(update, { over: true });
            }
            await turn.ready;
            await deps.processor.process(update, { turn: turn.ready });
          } catch {
            // The processor logs and keeps what fails; the backlog only needs the turn to end.
          } finally {
            turn.release();
          }
        },
      });
    },
    busy: () => backlog.waiting() + backlog.running(),
    view: () => backlog.view(),
    close() {
      closed = true;
      backlog.close();
    },
  };
}
