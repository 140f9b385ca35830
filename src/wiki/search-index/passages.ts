import { type Token, type Tokens, Lexer } from "marked";
import { undoKeyHints } from "./analyzer.js";

/**
 * A page cut into the pieces an answer can quote. Contract: passages are in page order, cover
 * the page's blocks without overlap, and a passage's `markdown` is valid Markdown on its own
 * (a code fence is never cut; a list item keeps the command that follows it).
 */
export interface Passage {
  /** Position in the page, from 0. */
  index: number;
  /** Heading trail of the section it belongs to, "Install › Linux"; "" before the first heading. */
  heading: string;
  /** The Markdown source, quoted in answers. */
  markdown: string;
  /** The prose to index: Markdown without code lines, URLs and tldr key hints. */
  text: string;
  /** The code blocks and code-only lines, indexed apart (they say less about what the passage is for). */
  code: string;
}

/** Passages longer than this (in characters of Markdown) are split at list items. */
const MAX_PASSAGE = 1500;
/** Must stay below engine.ts PASSAGE_SLOTS. */
const MAX_PASSAGES = 4000;

interface Unit {
  heading: string;
  parts: string[];
  /** The last block was a paragraph ending with ":", a list may follow it. */
  intro: boolean;
  /** The unit already ends with code: the next block starts a new unit. */
  closed: boolean;
  kind: "text" | "list" | "code" | "other";
}

/**
 * Splits a page into passages: sections by headings; inside a section, each paragraph, list or
 * table is a passage, a list joins the line introducing it ("…:"), and a code block (or a line
 * made only of inline code, like tldr's commands) joins the sentence or list item before it.
 * A page without blocks still gets one passage holding its description, so it can be found.
 */
export function splitPassages(markdown: string, page: { title: string; description?: string }): Passage[] {
  const units: Unit[] = [];
  const trail: Array<{ depth: number; text: string }> = [];
  let heading = "";
  let current: Unit | undefined;
  let first = true;

  const start = (kind: Unit["kind"], raw: string): Unit => {
    current = { heading, parts: [raw], intro: false, closed: kind === "code", kind };
    units.push(current);
    return current;
  };

  for (const token of safeLex(markdown)) {
    const raw = token.raw.replace(/\s+$/, "");
    if (token.type === "space" || raw === "") continue;
    if (token.type === "heading") {
      const h = token as Tokens.Heading;
      const isTitle = first && h.depth === 1 && sameText(h.text, page.title);
      first = false;
      if (isTitle) continue;
      while (trail.length > 0 && trail[trail.length - 1]!.depth >= h.depth) trail.pop();
      trail.push({ depth: h.depth, text: h.text.trim() });
      heading = trail.map((t) => t.text).join(" › ");
      current = undefined;
      continue;
    }
    first = false;
    if (token.type === "hr") {
      current = undefined;
      continue;
    }
    if (isCodeLike(token)) {
      if (current && !current.closed && current.kind !== "other") {
        current.parts.push(raw);
        current.closed = true;
      } else start("code", raw);
      continue;
    }
    if (token.type === "list") {
      if (current && current.intro && !current.closed) {
        current.parts.push(raw);
        current.intro = false;
        current.kind = "list";
      } else start("list", raw);
      continue;
    }
    const unit = start(token.type === "paragraph" ? "text" : "other", raw);
    unit.intro = token.type === "paragraph" && /:\s*$/.test(raw);
  }

  const pieces = capCount(units.flatMap((u) => splitLong(u)));
  if (pieces.length === 0) {
    const text = page.description ?? "";
    return [{ index: 0, heading: "", markdown: text, text, code: "" }];
  }
  return pieces.map((p, index) => ({
    index,
    heading: p.heading,
    markdown: p.markdown,
    ...indexText(p.markdown),
  }));
}

/** At most MAX_PASSAGES per page (ids pack the index): the tail is merged into the last passage. */
function capCount(pieces: Array<{ heading: string; markdown: string }>) {
  if (pieces.length <= MAX_PASSAGES) return pieces;
  const head = pieces.slice(0, MAX_PASSAGES - 1);
  const tail = pieces.slice(MAX_PASSAGES - 1);
  return [...head, { heading: tail[0]!.heading, markdown: tail.map((p) => p.markdown).join("\n\n") }];
}

function safeLex(markdown: string): Token[] {
  try {
    return new Lexer({ gfm: true }).lex(markdown);
  } catch {
    // marked does not throw on Markdown it cannot read, but a page must never break the index.
    return markdown.split(/\n{2,}/).map((raw) => ({ type: "paragraph", raw, text: raw, tokens: [] }));
  }
}

/** A fenced/indented code block, or a paragraph made only of inline code spans. */
function isCodeLike(token: Token): boolean {
  if (token.type === "code") return true;
  if (token.type !== "paragraph") return false;
  const inline = (token as Tokens.Paragraph).tokens ?? [];
  return (
    inline.some((t) => t.type === "codespan") &&
    inline.every((t) => t.type === "codespan" || (t.type === "text" && t.raw.trim() === ""))
  );
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * A long unit made of lists is cut between its top-level list items; anything else stays whole
 * (it is trimmed on display). Items are found by the Markdown lexer, not by their markers, so a
 * wrapped line of an item that happens to start like one ("2026. was the year…") is never cut
 * from its sentence, and a nested list stays with its item.
 */
function splitLong(unit: Unit): Array<{ heading: string; markdown: string }> {
  const markdown = unit.parts.join("\n\n");
  if (markdown.length <= MAX_PASSAGE || unit.kind !== "list") return [{ heading: unit.heading, markdown }];
  const out: Array<{ heading: string; markdown: string }> = [];
  let buffer = "";
  const flush = () => {
    const text = buffer.trim();
    if (text) out.push({ heading: unit.heading, markdown: text });
    buffer = "";
  };
  for (const piece of cutPoints(markdown)) {
    if (piece.item && buffer.trimEnd().length + piece.raw.trimEnd().length > MAX_PASSAGE) flush();
    buffer += piece.raw;
  }
  flush();
  return out;
}

/** The source in order, in pieces whose concatenation is the source: top-level list items, other blocks. */
function cutPoints(markdown: string): Array<{ raw: string; item: boolean }> {
  return safeLex(markdown).flatMap<{ raw: string; item: boolean }>((token) =>
    token.type === "list"
      ? (token as Tokens.List).items.map((item) => ({ raw: item.raw, item: true }))
      : [{ raw: token.raw, item: false }],
  );
}

/**
 * The words of a passage worth indexing, as prose and code: fenced blocks and lines made only of
 * inline code are code; URLs, tldr key hints and placeholder braces are dropped.
 */
export function indexText(markdown: string): { text: string; code: string } {
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      else code.push(line);
    } else if (marker !== undefined) fence = marker;
    else if (/^\s*(`[^`]+`\s*)+$/.test(line)) code.push(line);
    else prose.push(line);
  }
  const clean = (text: string) =>
    undoKeyHints(text)
      .replace(/\]\([^)]*\)/g, "]")
      .replace(/<?https?:\/\/[^\s>)]+>?/g, " ")
      .replace(/[{}]{2}/g, " ");
  return { text: clean(prose.join("\n")), code: clean(code.join("\n")) };
}
