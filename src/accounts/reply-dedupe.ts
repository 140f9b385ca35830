import type { Journal } from "./journal/journal.js";

/**
 * Reply de-duplication: the progress of one reply, kept in the journal chunk by chunk, so a
 * replayed update never sends again what Telegram already accepted.
 *
 * Contract: `sending(i)` is written before chunk i goes out and `sent(i)` once Telegram accepted
 * it. A chunk with `sending` but no `sent` (the process died in between) is "ambiguous": it may
 * have reached the user, and is sent once more on replay (at-least-once, never lost). A reply
 * outside any update (no `updateId`) has no progress and always sends everything.
 */
export interface ReplyDedupe {
  /** Chunk `index` was accepted by Telegram before (in this process or a previous one). */
  alreadySent(index: number): boolean;
  sending(index: number): void;
  sent(index: number): void;
}

export function createReplyDedupe(
  journal: Pick<Journal, "sentChunks" | "markSending" | "markSent">,
  updateId: number | undefined,
): ReplyDedupe {
  if (updateId === undefined) return { alreadySent: () => false, sending: () => {}, sent: () => {} };
  const before = journal.sentChunks(updateId);
  return {
    alreadySent: (index) => before.has(index),
    sending: (index) => journal.markSending(updateId, index),
    sent: (index) => journal.markSent(updateId, index),
  };
}
