import type { InboundMessage } from "../core/inbound-message.js";
import type { Reply } from "../core/reply.js";
import { escapeHtmlText } from "../i18n/message.js";

/** The longest part of a transcript quoted above its answer, in code points. */
export const QUOTE_LENGTH = 120;

/** Telegram's longest message, in code points. */
const MESSAGE_LENGTH = 4096;

const MARKS = { voice: "🎤", picture: "📷" } as const;

/** "🎤 «how do I undo my last commit»": what was heard, short, HTML-escaped. */
export function heardQuote(heard: NonNullable<InboundMessage["heard"]>): string {
  const points = [...heard.text];
  const short =
    points.length > QUOTE_LENGTH
      ? `${points
          .slice(0, QUOTE_LENGTH - 1)
          .join("")
          .trimEnd()}…`
      : heard.text;
  return `${MARKS[heard.via]} «${escapeHtmlText(short)}»`;
}

/**
 * The reply with what was heard (or read) quoted first, so a mishearing is seen at once: above
 * its first chunk, or as a chunk of its own when that one has no room. A rich alternative is left
 * out (the chunks carry the quote). A reply that says nothing stays silent.
 */
export function withHeard(reply: Reply, heard: InboundMessage["heard"]): Reply {
  if (heard === undefined || reply.chunks.length === 0) return reply;
  const quote = heardQuote(heard);
  const [first, ...rest] = reply.chunks as string[];
  const joined = `${quote}\n\n${first ?? ""}`;
  const chunks = [...joined].length <= MESSAGE_LENGTH ? [joined, ...rest] : [quote, ...reply.chunks];
  if (reply.kind === "answer") {
    const { rich: _rich, ...plain } = reply;
    return { ...plain, chunks };
  }
  return { ...reply, chunks } as Reply;
}
