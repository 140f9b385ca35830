import { Lexer, type Token, type Tokens } from "marked";
import { decodeEntities, safeHref } from "../format/escape.js";
import { softBreaks } from "../format/line-breaks.js";
import { RICH_LIMITS, type RichBlock, type RichText } from "./rich-types.js";

export interface BlockOptions {
  /** Public base URL of the wiki: links to "/en/path" become absolute links there. */
  baseUrl?: string;
  /** Added to a Markdown heading's level (the page's title is the message's only size-1 heading). */
  headingShift?: number;
}

/**
 * Markdown (a wiki page or a passage of it) → rich-message blocks (Bot API 10.1 `InputRichBlock`).
 *
 * Contract: headings, paragraphs, lists (task lists too), block quotations, tables and rules keep
 * their kind; a fenced code block becomes a `pre` block with its language; inline bold, italic,
 * strikethrough, code and links (http(s), or wiki paths resolved against `baseUrl`) are kept, and
 * raw HTML is shown as text, never passed through. A table wider than Telegram's 20 columns
 * becomes a `pre` grid of the same cells. Soft line breaks are spaces, as in markdownToTelegramHtml.
 */
export function markdownToRichBlocks(markdown: string, options: BlockOptions = {}): RichBlock[] {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  return new BlockRenderer(options).blocks(tokens);
}

class BlockRenderer {
  constructor(private readonly options: BlockOptions) {}

  blocks(tokens: Token[]): RichBlock[] {
    return tokens.map((t) => this.block(t)).filter((b): b is RichBlock => b !== undefined);
  }

  private block(token: Token): RichBlock | undefined {
    switch (token.type) {
      case "heading": {
        const t = token as Tokens.Heading;
        const size = Math.min(6, Math.max(1, t.depth + (this.options.headingShift ?? 0))) as
          1 | 2 | 3 | 4 | 5 | 6;
        return { type: "heading", size, text: this.inline(t.tokens) };
      }
      case "paragraph":
        return { type: "paragraph", text: this.inline((token as Tokens.Paragraph).tokens) };
      case "text": {
        const t = token as Tokens.Text;
        return {
          type: "paragraph",
          text: t.tokens ? this.inline(t.tokens) : decodeEntities(softBreaks(t.text)),
        };
      }
      case "code": {
        const t = token as Tokens.Code;
        const language = /^[\w+#.-]{1,30}$/.test(t.lang ?? "") ? t.lang : undefined;
        return { type: "pre", text: t.text.replace(/\n+$/, ""), ...(language ? { language } : {}) };
      }
      case "blockquote":
        return { type: "blockquote", blocks: this.blocks((token as Tokens.Blockquote).tokens) };
      case "list":
        return this.list(token as Tokens.List);
      case "table":
        return this.table(token as Tokens.Table);
      case "hr":
        return { type: "divider" };
      case "html": {
        const text = (token as Tokens.HTML).text.trim();
        return text === "" ? undefined : { type: "paragraph", text };
      }
      default:
        return undefined;
    }
  }

  private list(list: Tokens.List): RichBlock {
    const start = typeof list.start === "number" ? list.start : 1;
    return {
      type: "list",
      items: list.items.map((item, i) => ({
        blocks: this.blocks(item.tokens.filter((t) => t.type !== "checkbox")),
        ...(item.task
          ? { has_checkbox: true as const, ...(item.checked ? { is_checked: true as const } : {}) }
          : {}),
        ...(list.ordered ? { value: start + i } : {}),
      })),
    };
  }

  private table(table: Tokens.Table): RichBlock {
    if (table.header.length > RICH_LIMITS.columns) return { type: "pre", text: gridText(table) };
    const align = (i: number) => table.align[i] ?? "left";
    const row = (cells: Tokens.TableCell[], header: boolean) =>
      cells.map((c, i) => ({
        text: this.inline(c.tokens),
        ...(header ? { is_header: true as const } : {}),
        align: align(i),
        valign: "top" as const,
      }));
    return {
      type: "table",
      cells: [row(table.header, true), ...table.rows.map((r) => row(r, false))],
      is_bordered: true,
      is_striped: true,
    };
  }

  /** Inline tokens → RichText: a plain string when nothing is formatted. */
  inline(tokens: Token[] | undefined): RichText {
    const parts: RichText[] = [];
    for (const token of tokens ?? []) {
      const part = this.inlineToken(token);
      if (part === "") continue;
      const last = parts[parts.length - 1];
      if (typeof part === "string" && typeof last === "string") parts[parts.length - 1] = last + part;
      else parts.push(part);
    }
    if (parts.length === 0) return "";
    return parts.length === 1 ? parts[0]! : parts;
  }

  private inlineToken(token: Token): RichText {
    switch (token.type) {
      case "text": {
        const t = token as Tokens.Text;
        return t.tokens ? this.inline(t.tokens) : decodeEntities(softBreaks(t.text));
      }
      case "escape":
        return (token as Tokens.Escape).text;
      case "strong":
        return { type: "bold", text: this.inline((token as Tokens.Strong).tokens) };
      case "em":
        return { type: "italic", text: this.inline((token as Tokens.Em).tokens) };
      case "del":
        return { type: "strikethrough", text: this.inline((token as Tokens.Del).tokens) };
      case "codespan":
        return { type: "code", text: decodeEntities((token as Tokens.Codespan).text) };
      case "br":
        return "\n";
      case "link": {
        const link = token as Tokens.Link;
        const label = this.inline(link.tokens) || link.href;
        const url = safeHref(link.href, this.options.baseUrl);
        return url ? { type: "url", text: label, url } : label;
      }
      case "image": {
        const image = token as Tokens.Image;
        const alt = softBreaks(image.text) || "image";
        const url = safeHref(image.href, this.options.baseUrl);
        return url ? { type: "url", text: alt, url } : alt;
      }
      case "html":
        return softBreaks((token as Tokens.HTML).text);
      case "checkbox":
        return "";
      default:
        return "raw" in token && typeof token.raw === "string" ? softBreaks(token.raw) : "";
    }
  }
}

/** A table's cells as an aligned text grid (for a table too wide to be a table). */
function gridText(table: Tokens.Table): string {
  const plain = (tokens: Token[]): string =>
    tokens
      .map((t) =>
        "tokens" in t && Array.isArray(t.tokens)
          ? plain(t.tokens as Token[])
          : "text" in t
            ? String(t.text)
            : "",
      )
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  const rows = [
    table.header.map((c) => plain(c.tokens)),
    ...table.rows.map((r) => r.map((c) => plain(c.tokens))),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? "")].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c + " ".repeat(widths[i]! - [...c].length))
        .join(" | ")
        .trimEnd(),
    )
    .join("\n");
}
