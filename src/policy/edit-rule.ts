import type { InboundMessage } from "../core/inbound-message.js";
import type { RememberedReply } from "../state/reply-memory.js";
import type { Decision } from "./decision.js";

/**
 * How long after a message was sent an edit of it can still be answered: long enough to fix a
 * typo or add the forgotten mention, short enough that an edit of an old message (a link fixed
 * an hour later) never makes the bot speak up again.
 */
export const EDIT_WINDOW_MS = 5 * 60_000;

/** What to do with an edited message: answer it (in place of `replaces`, if set), or ignore it. */
export type EditDecision = { answer: true; replaces?: number } | Extract<Decision, { allow: false }>;

/**
 * Decides whether an edited message is answered again. Pure.
 *
 * Given the policy's decision for the edited message as if it were new, and what the memory holds
 * of the original:
 * - edited more than EDIT_WINDOW_MS after it was sent → `edit-too-late`;
 * - policy denies: for `not-addressed` → `edit-not-addressed`, otherwise `edit-not-allowed` (with
 *   the policy's reason as `cause`); pairing is never started by an edit;
 * - the original got nothing (it did not address the bot, or the bot never saw it: privacy mode
 *   hides an unaddressed group message) → answered, as a new reply;
 * - the original got "nothing found" or only choices → answered in place of that reply
 *   (`replaces`), or as a new reply when the bot's reply is not known;
 * - the original was answered (an answer, a command, a hint, kept by pairing) → `edit-already-answered`.
 */
export function decideEdit(
  msg: Pick<InboundMessage, "date" | "editDate">,
  decision: Decision,
  remembered: RememberedReply | undefined,
): EditDecision {
  const editedAt = (msg.editDate ?? msg.date) * 1000;
  if (editedAt - msg.date * 1000 > EDIT_WINDOW_MS) return { allow: false, reason: "edit-too-late" };
  if (!decision.allow) {
    return decision.reason === "not-addressed"
      ? { allow: false, reason: "edit-not-addressed" }
      : { allow: false, reason: "edit-not-allowed", cause: decision.reason };
  }
  switch (remembered?.outcome) {
    case undefined:
    case "not-addressed":
      return { answer: true };
    case "nothing":
    case "choices":
      return remembered.replyId !== undefined
        ? { answer: true, replaces: remembered.replyId }
        : { answer: true };
    default:
      return { allow: false, reason: "edit-already-answered" };
  }
}
