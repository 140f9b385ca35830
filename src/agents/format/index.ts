/** Reply formatting for Telegram: Markdown → HTML, splitting, plain-text fallback. */
export { shownDescription } from "./description.js";
export { decodeEntities, escapeAttribute, escapeHtml, safeHref } from "./escape.js";
export { telegramLength } from "./html-segments.js";
export { oneLine } from "./line-breaks.js";
export { markdownToTelegramHtml, type RenderOptions } from "./markdown-html.js";
export { htmlToPlain } from "./plain.js";
export { splitTelegramHtml, TELEGRAM_LIMIT, truncateTelegramHtml } from "./split.js";
