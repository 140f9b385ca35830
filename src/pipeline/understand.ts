import type { InboundMessage } from "../core/inbound-message.js";
import type { ReplyOf } from "../core/reply.js";
import type { Texts } from "../i18n/index.js";
import { questionOf } from "./question-text.js";

/** A DM that holds only media gets the text hint at most once per chat in this time. */
export const MEDIA_HINT_INTERVAL_MS = 10 * 60 * 1000;

/** A reply the pipeline makes itself, without asking the agent. */
export type Hint = ReplyOf<"media-hint" | "media-hint-suppressed" | "mention-hint" | "empty">;

/** What an admitted message asks for. */
export type Understanding =
  /** A tap on a choice button: the choice flow answers it. */
  | { as: "tap"; msg: InboundMessage & { callback: { id: string; data: string } } }
  /** No question to ask the agent: the hint (or the silence) it gets instead. */
  | { as: "hint"; reply: Hint }
  /** A bot command, or a question (`args` is the question: for a mention replying to another user's message, maybe theirs). */
  | { as: "asked"; asked: InboundMessage };

const EMPTY: Hint = { kind: "empty", chunks: [] };

/** `texts`: what the sender is told in (their language, else the agent's). */
export type Understand = (msg: InboundMessage, texts: Texts) => Understanding;

/**
 * Understand: what an admitted message asks. A DM holding only media gets the text hint, at most
 * once per chat in MEDIA_HINT_INTERVAL_MS (in groups media without a caption says nothing: most is
 * denied before, and a voice note let in but not heard has no one to hint to);
 * a bare mention gets "ask me something"; a message with neither a command nor a question gets
 * nothing. State: when each chat last got the media hint.
 */
export function createUnderstand(deps: { now: () => number; mediaHintIntervalMs?: number }): Understand {
  const interval = deps.mediaHintIntervalMs ?? MEDIA_HINT_INTERVAL_MS;
  const mediaHinted = new Map<string, number>();
  const mediaHint = (msg: InboundMessage, texts: Texts): Hint => {
    const key = `${msg.account}|${msg.chatId}`;
    const last = mediaHinted.get(key);
    if (last !== undefined && deps.now() - last < interval)
      return { kind: "media-hint-suppressed", chunks: [] };
    mediaHinted.set(key, deps.now());
    return { kind: "media-hint", chunks: [texts.t("hint.media")] };
  };
  return (msg, texts) => {
    if (msg.callback) return { as: "tap", msg: { ...msg, callback: msg.callback } };
    // In a group only a voice note or a picture let in is media here: no one to hint to.
    if (msg.content === "media")
      return { as: "hint", reply: msg.chatType === "private" ? mediaHint(msg, texts) : EMPTY };
    const question = questionOf(msg);
    if (msg.command === undefined && question === "")
      return {
        as: "hint",
        reply: msg.mentionsBot
          ? { kind: "mention-hint", chunks: [texts.t("hint.mention")] }
          : { kind: "empty", chunks: [] },
      };
    return { as: "asked", asked: question === msg.args ? msg : { ...msg, args: question } };
  };
}
