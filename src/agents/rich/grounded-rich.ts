import type { AnswerSource } from "../answer-types.js";
import { type MarkupBlock, markupRich } from "../format/reply-markup.js";
import type { RichMessage, RichText } from "./rich-types.js";

/**
 * A model's grounded answer as a rich message: its paragraphs and code blocks, with the markup
 * reply-markup.ts renders (the model's own links are never rendered), then the links the gateway
 * built to the cited pages, in the order cited. A model's reply is bounded by its
 * maxOutputTokens, far inside Telegram's limits of one rich message.
 */
export function composeRichGrounded(
  blocks: readonly MarkupBlock[],
  sources: readonly AnswerSource[],
): RichMessage {
  const paragraphs = markupRich(blocks);
  const links: RichText[] = ["📖 "];
  for (const [index, source] of sources.entries()) {
    if (index > 0) links.push(" · ");
    links.push({ type: "url", text: source.title, url: source.url });
  }
  return { blocks: [...paragraphs, { type: "paragraph", text: links }] };
}
