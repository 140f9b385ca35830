import { segmentHtml } from "./html-segments.js";

/**
 * Telegram HTML → readable plain text, for the retry after Telegram answers "can't parse
 * entities" and for the `ask` command. Tags are dropped; a link keeps its URL in parentheses
 * when the text does not already show it; entities are decoded.
 */
export function htmlToPlain(html: string): string {
  let out = "";
  const links: Array<{ href: string | undefined; start: number }> = [];
  for (const s of segmentHtml(html)) {
    if (s.kind === "char") out += s.char;
    else if (s.kind === "open" && s.name === "a") {
      links.push({ href: hrefOf(s.raw), start: out.length });
    } else if (s.kind === "close" && s.name === "a") {
      const link = links.pop();
      if (link?.href && !out.slice(link.start).includes(link.href)) out += ` (${link.href})`;
    }
  }
  return out;
}

function hrefOf(tag: string): string | undefined {
  const raw = /\bhref\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
  if (raw === undefined) return undefined;
  return raw
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
