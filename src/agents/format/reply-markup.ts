import type { RichBlock, RichText } from "../rich/rich-types.js";
import { escapeAttribute, escapeHtml } from "./escape.js";

/**
 * The little Markdown a model writes though asked for plain text, read for Telegram. Rendered:
 * fenced code blocks (preformatted, with their language), `code` (commands), **bold**, *italic*
 * between spaces, `# headings` (bold lines), bullet lists ("• "). Stripped to their text: links
 * (`[label](url)`: the label; the gateway builds every link itself), block quotation marks,
 * rules, backslash escapes. Left as written: everything else, notably `*` and `_` inside or
 * around words (globs, `snake_case`, `__init__.py`), which commands and file names use. Contract: the HTML uses
 * only b, i, code and pre, every tag closed, all text escaped.
 */
export type Inline = { kind: "text" | "bold" | "italic" | "code"; text: string };
export type MarkupBlock =
  { kind: "lines"; lines: Inline[][] } | { kind: "code"; text: string; language?: string };

const FENCE = /^\s*(`{3,}|~{3,})\s*([^\s`]*)\s*$/;
const LANGUAGE = /^[\w+#.-]{1,30}$/;

export function parseMarkup(text: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let lines: Inline[][] = [];
  const endParagraph = () => {
    if (lines.length > 0) blocks.push({ kind: "lines", lines });
    lines = [];
  };
  const source = text.split("\n");
  for (let i = 0; i < source.length; i++) {
    const line = source[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      endParagraph();
      const body: string[] = [];
      while (++i < source.length && !source[i]!.trim().startsWith(fence[1]!)) body.push(source[i]!);
      const code = body.join("\n").replace(/\n+$/, "");
      const language = LANGUAGE.test(fence[2]!) ? { language: fence[2]! } : {};
      if (code.trim() !== "") blocks.push({ kind: "code", text: code, ...language });
      continue;
    }
    if (line.trim() === "") endParagraph();
    else if (!/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) lines.push(lineOf(line));
  }
  endParagraph();
  return blocks;
}

function lineOf(line: string): Inline[] {
  const heading = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
  if (heading) return [{ kind: "bold", text: plainOf(inlineOf(heading[1]!)) }];
  const unquoted = line.replace(/^\s*(?:>\s?)+/, "");
  const bullet = /^(\s*)[-*+•]\s+(.*)$/.exec(unquoted);
  if (bullet) {
    const indent = " ".repeat(Math.min(bullet[1]!.length, 8));
    return [{ kind: "text", text: `${indent}• ` }, ...inlineOf(bullet[2]!)];
  }
  return inlineOf(unquoted.trimEnd());
}

/** `code`, **bold**, *italic* between spaces, links (`__` is left: `__init__.py`). */
const INLINE =
  /(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)|\*\*(?=\S)([^*]+?)\*\*|(?<=^|[\s(])\*(?=[^\s*])([^*\n]*?\p{L}[^*\n]*?)(?<=\S)\*(?=$|[\s.,;:!?)])|\[([^\]\n]+)\]\((?:[^()\s]|\([^()\s]*\))*\)|\\([\\`*_[\]#>~|-])/gu;

export function inlineOf(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (kind: Inline["kind"], t: string) => {
    if (t === "") return;
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind === "text") last.text += t;
    else out.push({ kind, text: t });
  };
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    push("text", text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) push("code", m[2]!.trim() === "" ? m[2]! : m[2]!.trim());
    else if (m[3] !== undefined) push("bold", plainOf(inlineOf(m[3])));
    else if (m[4] !== undefined) push("italic", m[4]);
    else if (m[5] !== undefined) push("text", plainOf(inlineOf(m[5])));
    else push("text", m[6]!);
  }
  push("text", text.slice(at));
  return out;
}

export function plainOf(inline: readonly Inline[]): string {
  return inline.map((i) => i.text).join("");
}

export function markupHtml(blocks: readonly MarkupBlock[]): string {
  const tag = (kind: Inline["kind"]) => (kind === "bold" ? "b" : kind === "italic" ? "i" : kind);
  const inline = (i: Inline) =>
    i.kind === "text" ? escapeHtml(i.text) : `<${tag(i.kind)}>${escapeHtml(i.text)}</${tag(i.kind)}>`;
  return blocks
    .map((b) => {
      if (b.kind === "lines") return b.lines.map((l) => l.map(inline).join("")).join("\n");
      const lang = b.language ? ` class="language-${escapeAttribute(b.language)}"` : "";
      return b.language
        ? `<pre><code${lang}>${escapeHtml(b.text)}</code></pre>`
        : `<pre>${escapeHtml(b.text)}</pre>`;
    })
    .join("\n\n");
}

export function markupRich(blocks: readonly MarkupBlock[]): RichBlock[] {
  return blocks.map((b): RichBlock => {
    if (b.kind === "code")
      return { type: "pre", text: b.text, ...(b.language ? { language: b.language } : {}) };
    const parts: RichText[] = [];
    for (const [n, line] of b.lines.entries()) {
      if (n > 0) parts.push("\n");
      for (const i of line) parts.push(i.kind === "text" ? i.text : { type: i.kind, text: i.text });
    }
    return { type: "paragraph", text: parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts };
  });
}

/** The text without its markup: what a plain-text draft shows; markers left unpaired are dropped. */
export function markupPlain(blocks: readonly MarkupBlock[]): string {
  return blocks
    .map((b) =>
      b.kind === "code"
        ? b.text
        : b.lines
            .map((l) => l.map((i) => (i.kind === "text" ? i.text.replace(/\*\*|`+/g, "") : i.text)).join(""))
            .join("\n"),
    )
    .join("\n\n");
}
