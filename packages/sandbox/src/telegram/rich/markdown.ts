import { Lexer, type Token, type Tokens } from "marked";
import type { Json } from "./check.js";
import { htmlToBlocks } from "./html.js";

/**
 * Rich Markdown (the `markdown` field) → explicit blocks, as Telegram documents it: GitHub
 * Flavored Markdown (headings, paragraphs, fenced code with its language, ```math, lists and
 * task lists, block quotations, tables, rules) with `<details><summary>…</summary> … </details>`
 * around Markdown content, and other HTML blocks parsed as Rich HTML. Simplified: inline HTML
 * tags inside Markdown text are dropped (their text stays); `==marked==`, `||spoiler||` and
 * footnotes stay as typed.
 */
export function markdownToBlocks(markdown: string): Json[] {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  const root: Json[] = [];
  // Open <details> blocks: their content goes into the innermost one.
  const open: Json[][] = [root];
  for (const token of tokens) {
    const target = open[open.length - 1]!;
    if (token.type === "html") {
      const html = (token as Tokens.HTML).text.trim();
      const details = /^<details(\s+open)?\s*>\s*<summary>([\s\S]*?)<\/summary>([\s\S]*)$/i.exec(html);
      if (details) {
        const inner: Json[] = [];
        target.push({
          type: "details",
          summary: details[2]!.trim(),
          blocks: inner,
          ...(details[1] ? { is_open: true } : {}),
        });
        open.push(inner);
        const rest = details[3]!.replace(/<\/details>\s*$/i, "").trim();
        if (rest) inner.push(...markdownToBlocks(rest));
        if (/<\/details>\s*$/i.test(html)) open.pop();
        continue;
      }
      if (/^<\/details>$/i.test(html)) {
        if (open.length > 1) open.pop();
        continue;
      }
      target.push(...htmlToBlocks(html));
      continue;
    }
    const block = toBlock(token);
    if (block) target.push(block);
  }
  return root;
}

function toBlock(token: Token): Json | undefined {
  switch (token.type) {
    case "heading": {
      const t = token as Tokens.Heading;
      return { type: "heading", size: t.depth, text: inline(t.tokens) };
    }
    case "paragraph":
      return { type: "paragraph", text: inline((token as Tokens.Paragraph).tokens) };
    case "text": {
      const t = token as Tokens.Text;
      return { type: "paragraph", text: t.tokens ? inline(t.tokens) : t.text };
    }
    case "code": {
      const t = token as Tokens.Code;
      if (t.lang === "math") return { type: "mathematical_expression", expression: t.text };
      return { type: "pre", text: t.text, ...(t.lang ? { language: t.lang } : {}) };
    }
    case "blockquote":
      return { type: "blockquote", blocks: blocksOf((token as Tokens.Blockquote).tokens) };
    case "list":
      return list(token as Tokens.List);
    case "table":
      return table(token as Tokens.Table);
    case "hr":
      return { type: "divider" };
    default:
      return undefined;
  }
}

const blocksOf = (tokens: Token[]): Json[] => tokens.map(toBlock).filter((b): b is Json => b !== undefined);

function list(t: Tokens.List): Json {
  const start = typeof t.start === "number" ? t.start : 1;
  return {
    type: "list",
    items: t.items.map((item, i) => ({
      blocks: blocksOf(item.tokens.filter((x) => x.type !== "checkbox")),
      ...(item.task ? { has_checkbox: true, ...(item.checked ? { is_checked: true } : {}) } : {}),
      ...(t.ordered ? { value: start + i } : {}),
    })),
  };
}

function table(t: Tokens.Table): Json {
  const align = (i: number) => t.align[i] ?? "left";
  const row = (cells: Tokens.TableCell[], header: boolean) =>
    cells.map((c, i) => ({
      text: inline(c.tokens),
      ...(header ? { is_header: true } : {}),
      align: align(i),
      valign: "top",
    }));
  return { type: "table", cells: [row(t.header, true), ...t.rows.map((r) => row(r, false))] };
}

/** Inline tokens → RichText (a string, or an array of strings and formatted pieces). */
function inline(tokens: Token[] | undefined): unknown {
  const parts: unknown[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        parts.push({ type: "bold", text: inline((token as Tokens.Strong).tokens) });
        break;
      case "em":
        parts.push({ type: "italic", text: inline((token as Tokens.Em).tokens) });
        break;
      case "del":
        parts.push({ type: "strikethrough", text: inline((token as Tokens.Del).tokens) });
        break;
      case "codespan":
        parts.push({ type: "code", text: (token as Tokens.Codespan).text });
        break;
      case "link": {
        const t = token as Tokens.Link;
        parts.push({ type: "url", text: inline(t.tokens), url: t.href });
        break;
      }
      case "br":
        parts.push("\n");
        break;
      case "html":
        break;
      default: {
        const t = token as Tokens.Text;
        parts.push(t.tokens ? inline(t.tokens) : t.text);
      }
    }
  }
  if (parts.every((p) => typeof p === "string")) return parts.join("");
  return parts;
}
