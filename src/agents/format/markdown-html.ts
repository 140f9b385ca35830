import { Lexer, type Token, type Tokens } from "marked";
import { decodeEntities, escapeAttribute, escapeHtml, safeHref } from "./escape.js";
import { softBreaks } from "./line-breaks.js";

export interface RenderOptions {
  /** Public base URL of the wiki: links to "/en/path" become absolute links there. */
  baseUrl?: string;
}

/**
 * Markdown → Telegram HTML (parse_mode "HTML").
 *
 * Contract: the output uses only tags Telegram accepts (b, i, s, code, pre, a, blockquote), every
 * tag is closed and properly nested, and all other text is escaped: raw HTML in the Markdown is
 * shown as text, never passed through; links are kept only for http(s) targets (or wiki paths
 * resolved against `baseUrl`). Lists become "• " lines, headings bold lines, tables a <pre> grid.
 *
 * Line breaks follow Markdown, so that source wrapped at a fixed width reads like the rendered
 * page: a single newline inside a paragraph, heading, list item or quoted paragraph (a soft
 * break) becomes a space; hard breaks (two trailing spaces or a trailing backslash) stay line
 * breaks, and so do the boundaries between blocks and list items, and the lines of code blocks
 * and tables.
 */
export function markdownToTelegramHtml(markdown: string, options: RenderOptions = {}): string {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  return new Renderer(options).blocks(tokens, 0).trim();
}

class Renderer {
  constructor(private readonly options: RenderOptions) {}

  blocks(tokens: Token[], quoteDepth: number): string {
    return tokens
      .map((t) => this.block(t, quoteDepth))
      .filter((s) => s !== "")
      .join("\n\n");
  }

  private block(token: Token, quoteDepth: number): string {
    switch (token.type) {
      case "space":
      case "def":
        return "";
      case "heading":
        return `<b>${this.inline((token as Tokens.Heading).tokens)}</b>`;
      case "paragraph":
        return this.inline((token as Tokens.Paragraph).tokens);
      case "text": {
        const t = token as Tokens.Text;
        return t.tokens ? this.inline(t.tokens) : escapeHtml(decodeEntities(softBreaks(t.text)));
      }
      case "code":
        return this.code(token as Tokens.Code);
      case "blockquote": {
        const inner = this.blocks((token as Tokens.Blockquote).tokens, quoteDepth + 1);
        // Telegram cannot nest blockquotes: inner quotes are flattened into the outer one.
        return quoteDepth > 0 ? inner : `<blockquote>${inner}</blockquote>`;
      }
      case "list":
        return this.list(token as Tokens.List, quoteDepth, 0);
      case "table":
        return this.table(token as Tokens.Table);
      case "hr":
        return "——————";
      case "html":
        return escapeHtml((token as Tokens.HTML).text.trim());
      default:
        return "raw" in token && typeof token.raw === "string" ? escapeHtml(token.raw.trim()) : "";
    }
  }

  private code(token: Tokens.Code): string {
    const text = escapeHtml(token.text.replace(/\n+$/, ""));
    const lang = /^[\w+#.-]{1,30}$/.test(token.lang ?? "") ? token.lang : undefined;
    return lang
      ? `<pre><code class="language-${escapeAttribute(lang)}">${text}</code></pre>`
      : `<pre>${text}</pre>`;
  }

  private list(list: Tokens.List, quoteDepth: number, depth: number): string {
    const indent = "  ".repeat(depth);
    const start = typeof list.start === "number" ? list.start : 1;
    return list.items
      .map((item, i) => {
        const marker = list.ordered ? `${start + i}. ` : "• ";
        const check = item.task ? (item.checked ? "☑ " : "☐ ") : "";
        const parts = item.tokens
          .filter((t) => t.type !== "checkbox")
          .map((t) =>
            t.type === "list"
              ? this.list(t as Tokens.List, quoteDepth, depth + 1)
              : this.block(t, quoteDepth),
          )
          .filter((s) => s !== "");
        return `${indent}${marker}${check}${parts.join("\n")}`;
      })
      .join("\n");
  }

  private table(table: Tokens.Table): string {
    const rows = [
      table.header.map((c) => plainCell(c.tokens)),
      ...table.rows.map((r) => r.map((c) => plainCell(c.tokens))),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? "")].length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => c + " ".repeat(widths[i]! - [...c].length))
        .join(" | ")
        .trimEnd();
    const lines = [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("-+-"), ...rows.slice(1).map(line)];
    return `<pre>${escapeHtml(lines.join("\n"))}</pre>`;
  }

  inline(tokens: Token[] | undefined): string {
    return (tokens ?? []).map((t) => this.inlineToken(t)).join("");
  }

  private inlineToken(token: Token): string {
    switch (token.type) {
      case "text": {
        const t = token as Tokens.Text;
        return t.tokens ? this.inline(t.tokens) : escapeHtml(decodeEntities(softBreaks(t.text)));
      }
      case "escape":
        return escapeHtml((token as Tokens.Escape).text);
      case "strong":
        return `<b>${this.inline((token as Tokens.Strong).tokens)}</b>`;
      case "em":
        return `<i>${this.inline((token as Tokens.Em).tokens)}</i>`;
      case "del":
        return `<s>${this.inline((token as Tokens.Del).tokens)}</s>`;
      case "codespan":
        return `<code>${escapeHtml((token as Tokens.Codespan).text)}</code>`;
      case "br":
        return "\n";
      case "link": {
        const link = token as Tokens.Link;
        const label = this.inline(link.tokens) || escapeHtml(link.href);
        const href = safeHref(link.href, this.options.baseUrl);
        return href ? `<a href="${escapeAttribute(href)}">${label}</a>` : label;
      }
      case "image": {
        const image = token as Tokens.Image;
        const alt = escapeHtml(softBreaks(image.text) || "image");
        const href = safeHref(image.href, this.options.baseUrl);
        return href ? `<a href="${escapeAttribute(href)}">${alt}</a>` : alt;
      }
      case "html":
        return escapeHtml(softBreaks((token as Tokens.HTML).text));
      case "checkbox":
        return "";
      default:
        return "raw" in token && typeof token.raw === "string" ? escapeHtml(softBreaks(token.raw)) : "";
    }
  }
}

function plainCell(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if (t.type === "codespan" || t.type === "escape") return (t as Tokens.Codespan).text;
      if ("tokens" in t && Array.isArray(t.tokens)) return plainCell(t.tokens as Token[]);
      if (t.type === "text") return decodeEntities((t as Tokens.Text).text);
      return "text" in t && typeof t.text === "string" ? t.text : "";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
