import { type Token, type Tokens, marked } from "marked";
import { escapeAttribute, escapeHtml, safeHref } from "./escape.js";

/**
 * Markdown → the HTML subset Telegram accepts: b, i, s, code, pre (with a language class), a href,
 * blockquote. Headings become bold lines, lists "• " / "1. " lines, tables a <pre> block, images
 * their alt text and link. Everything else, including raw HTML written in the Markdown, is escaped
 * text: nothing from a wiki page can become markup. Relative links are resolved against `baseUrl`.
 */
export function markdownToTelegramHtml(markdown: string, options: { baseUrl?: string } = {}): string {
  const tokens = marked.lexer(markdown, { gfm: true });
  return blocks(tokens, options.baseUrl).trim();
}

function blocks(tokens: readonly Token[], baseUrl?: string): string {
  const out: string[] = [];
  for (const token of tokens) {
    const html = block(token, baseUrl);
    if (html !== "") out.push(html);
  }
  return out.join("\n\n");
}

function block(token: Token, baseUrl?: string): string {
  switch (token.type) {
    case "heading":
      return `<b>${inline((token as Tokens.Heading).tokens, baseUrl)}</b>`;
    case "paragraph":
      return inline((token as Tokens.Paragraph).tokens, baseUrl);
    case "text": {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens, baseUrl) : escapeHtml(t.text);
    }
    case "code": {
      const code = token as Tokens.Code;
      const lang = /^[\w+-]{1,32}$/.test(code.lang ?? "") ? ` class="language-${code.lang}"` : "";
      return `<pre><code${lang}>${escapeHtml(code.text)}</code></pre>`;
    }
    case "blockquote":
      return `<blockquote>${blocks((token as Tokens.Blockquote).tokens, baseUrl)}</blockquote>`;
    case "list": {
      const list = token as Tokens.List;
      const start = typeof list.start === "number" ? list.start : 1;
      return list.items
        .map((item, i) => {
          const marker = list.ordered ? `${start + i}.` : "•";
          const body = blocks(item.tokens, baseUrl).replace(/\n\n/g, "\n");
          return `${marker} ${body.replace(/\n/g, "\n  ")}`;
        })
        .join("\n");
    }
    case "table": {
      const table = token as Tokens.Table;
      const rows = [table.header.map((c) => c.text), ...table.rows.map((r) => r.map((c) => c.text))];
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
      const text = rows
        .map((r) =>
          r
            .map((c, i) => c.padEnd(widths[i] ?? 0))
            .join(" | ")
            .trimEnd(),
        )
        .join("\n");
      return `<pre>${escapeHtml(text)}</pre>`;
    }
    case "hr":
      return "——————";
    case "space":
      return "";
    case "html":
      return escapeHtml((token as Tokens.HTML).text.trim());
    default:
      return "raw" in token && typeof token.raw === "string" ? escapeHtml(token.raw.trim()) : "";
  }
}

function inline(tokens: readonly Token[] | undefined, baseUrl?: string): string {
  if (!tokens) return "";
  return tokens
    .map((token) => {
      switch (token.type) {
        case "text": {
          const t = token as Tokens.Text;
          return t.tokens ? inline(t.tokens, baseUrl) : escapeHtml(t.text);
        }
        case "escape":
          return escapeHtml((token as Tokens.Escape).text);
        case "strong":
          return `<b>${inline((token as Tokens.Strong).tokens, baseUrl)}</b>`;
        case "em":
          return `<i>${inline((token as Tokens.Em).tokens, baseUrl)}</i>`;
        case "del":
          return `<s>${inline((token as Tokens.Del).tokens, baseUrl)}</s>`;
        case "codespan":
          return `<code>${escapeHtml(decodeEntities((token as Tokens.Codespan).text))}</code>`;
        case "br":
          return "\n";
        case "link": {
          const link = token as Tokens.Link;
          const label = inline(link.tokens, baseUrl);
          const href = safeHref(resolve(link.href, baseUrl));
          return href ? `<a href="${escapeAttribute(href)}">${label}</a>` : label;
        }
        case "image": {
          const image = token as Tokens.Image;
          const href = safeHref(resolve(image.href, baseUrl));
          const alt = escapeHtml(image.text || "image");
          return href ? `<a href="${escapeAttribute(href)}">${alt}</a>` : alt;
        }
        case "html":
          return escapeHtml((token as Tokens.Tag).text);
        default:
          return "raw" in token && typeof token.raw === "string" ? escapeHtml(token.raw) : "";
      }
    })
    .join("");
}

function resolve(href: string, baseUrl?: string): string {
  try {
    return baseUrl ? new URL(href, `${baseUrl}/`).toString() : href;
  } catch {
    return href;
  }
}

/** marked keeps entities such as &amp; in code spans' text; Telegram needs the characters. */
function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
