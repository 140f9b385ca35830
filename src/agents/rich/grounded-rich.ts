import type { AnswerSource } from "../answer-types.js";
import type { RichBlock, RichMessage, RichText } from "./rich-types.js";

/**
 * A model's grounded answer as a rich message: its paragraphs as the model wrote them (plain text:
 * the model's own markup and links are never rendered), then the links the gateway built to the
 * cited pages, in the order cited. A model's reply is bounded by its maxOutputTokens, far inside
 * Telegram's limits of one rich message.
 */
export function composeRichGrounded(text: string, sources: readonly AnswerSource[]): RichMessage {
  const paragraphs: RichBlock[] = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => ({ type: "paragraph", text: p }));
  const links: RichText[] = ["📖 "];
  for (const [index, source] of sources.entries()) {
    if (index > 0) links.push(" · ");
    links.push({ type: "url", text: source.title, url: source.url });
  }
  return { blocks: [...paragraphs, { type: "paragraph", text: links }] };
}
