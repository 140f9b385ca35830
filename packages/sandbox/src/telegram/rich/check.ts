import { badRequest } from "../errors.js";

/**
 * Explicit rich-message blocks checked as the Bot API documents them (`InputRichMessage` in
 * `@grammyjs/types` rich.d.ts): the fields each block and rich text needs, and the limits of a
 * rich message. Error texts: `can't parse InputRichBlock: Can't find field "…"`,
 * `Can't parse RichText: Unsupported rich text type` and `RICH_MESSAGE_CONTENT_REQUIRED` are
 * Telegram's as reported by its users; Telegram does not document the texts of the limits, so
 * those are the sandbox's own, in Telegram's upper-case style (README.md lists them).
 */

export const RICH_LIMITS = {
  /** Characters of text (Unicode code points), custom emoji alternative text and formula source included. */
  chars: 32_768,
  /** Blocks, nested ones, list items and table rows included. */
  blocks: 500,
  /** Levels of nested blocks and formatting. */
  depth: 16,
  media: 50,
  columns: 20,
} as const;

export const RICH_ERRORS = {
  tooLong: "RICH_MESSAGE_TOO_LONG",
  tooManyBlocks: "RICH_MESSAGE_BLOCKS_TOO_MANY",
  tooDeep: "RICH_MESSAGE_NESTING_TOO_DEEP",
  tooWide: "RICH_MESSAGE_TABLE_COLUMNS_TOO_MANY",
  tooManyMedia: "RICH_MESSAGE_MEDIA_TOO_MANY",
  empty: "RICH_MESSAGE_CONTENT_REQUIRED",
} as const;

export type Json = Record<string, unknown>;

/** What a checked message holds, and its plain text (block texts joined by newlines). */
export interface CheckedRich {
  blocks: Json[];
  plain: string;
  chars: number;
  blockCount: number;
  depth: number;
  media: number;
}

const TEXT_BLOCKS = new Set(["paragraph", "footer", "pullquote", "expandable_blockquote", "thinking"]);
const NESTING_BLOCKS = new Set(["blockquote", "collage", "slideshow"]);
const MEDIA_BLOCKS = new Set(["animation", "audio", "document", "photo", "video", "voice_note"]);
const WRAPPING_TEXT = new Set([
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "subscript",
  "superscript",
  "marked",
  "code",
]);
const LINKED_TEXT: Record<string, string> = {
  url: "url",
  email_address: "email_address",
  phone_number: "phone_number",
  bank_card_number: "bank_card_number",
  mention: "username",
  hashtag: "hashtag",
  cashtag: "cashtag",
  bot_command: "bot_command",
  anchor_link: "anchor_name",
  reference: "name",
  reference_link: "reference_name",
  date_time: "unix_time",
  text_mention: "user",
};

const missing = (field: string) => badRequest(`can't parse InputRichBlock: Can't find field "${field}"`);
const codePoints = (s: string) => [...s].length;

/** Checks explicit blocks; `draft` allows the thinking block (sendRichMessageDraft only). */
export function checkRichBlocks(blocks: unknown, options: { draft: boolean }): CheckedRich {
  if (!Array.isArray(blocks) || blocks.length === 0) throw badRequest(RICH_ERRORS.empty);
  const stats = { chars: 0, blockCount: 0, depth: 0, media: 0 };
  const lines: string[] = [];

  const text = (value: unknown, depth: number): string => {
    stats.depth = Math.max(stats.depth, depth);
    if (typeof value === "string") {
      stats.chars += codePoints(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((v) => text(v, depth)).join("");
    const t = value as Json | null;
    if (!t || typeof t.type !== "string")
      throw badRequest("Can't parse RichText: Unsupported rich text type");
    if (t.type === "custom_emoji") return text(requireString(t, "alternative_text"), depth);
    if (t.type === "mathematical_expression") return text(requireString(t, "expression"), depth);
    if (t.type === "anchor") return (requireString(t, "name"), "");
    if (t.type === "button") return text(((t.button ?? {}) as Json).text ?? "", depth + 1);
    if (!WRAPPING_TEXT.has(t.type) && !(t.type in LINKED_TEXT))
      throw badRequest("Can't parse RichText: Unsupported rich text type");
    if (t.type in LINKED_TEXT && t[LINKED_TEXT[t.type]!] === undefined) throw missing(LINKED_TEXT[t.type]!);
    if (t.text === undefined) throw missing("text");
    return text(t.text, depth + 1);
  };

  const block = (value: unknown, depth: number): void => {
    const b = value as Json | null;
    if (!b || typeof b !== "object" || typeof b.type !== "string") throw missing("type");
    stats.blockCount++;
    stats.depth = Math.max(stats.depth, depth);
    const type = b.type;
    if (TEXT_BLOCKS.has(type) || type === "heading" || type === "pre") {
      if (type === "thinking" && !options.draft)
        throw badRequest("can't parse InputRichBlock: thinking blocks are allowed only in drafts");
      if (b.text === undefined) throw missing("text");
      if (type === "heading" && ![1, 2, 3, 4, 5, 6].includes(b.size as number)) throw missing("size");
      if (type === "pre" && b.language !== undefined && typeof b.language !== "string")
        throw missing("language");
      lines.push(text(b.text, depth + 1));
      if (b.credit !== undefined) text(b.credit, depth + 1);
    } else if (type === "divider") {
      lines.push("");
    } else if (type === "mathematical_expression") {
      lines.push(text(requireString(b, "expression"), depth + 1));
    } else if (type === "anchor") {
      requireString(b, "name");
    } else if (type === "list") {
      for (const item of requireArray(b, "items")) {
        stats.blockCount++;
        for (const inner of requireArray(item as Json, "blocks")) block(inner, depth + 2);
      }
    } else if (NESTING_BLOCKS.has(type)) {
      for (const inner of requireArray(b, "blocks")) block(inner, depth + 1);
      if (b.credit !== undefined) text(b.credit, depth + 1);
    } else if (type === "details") {
      if (b.summary === undefined) throw missing("summary");
      lines.push(text(b.summary, depth + 1));
      for (const inner of requireArray(b, "blocks")) block(inner, depth + 1);
    } else if (type === "table") {
      table(b, depth);
    } else if (type === "buttons") {
      const buttons = requireArray(b, "buttons");
      if (buttons.length > 8) throw badRequest("can't parse InputRichBlock: too many buttons in a row");
      for (const button of buttons) text((button as Json).text ?? "", depth + 1);
    } else if (type === "map") {
      for (const field of ["location", "zoom", "width", "height"])
        if (b[field] === undefined) throw missing(field);
      stats.media++;
    } else if (MEDIA_BLOCKS.has(type)) {
      if (b[type] === undefined) throw missing(type);
      stats.media++;
    } else {
      throw badRequest("can't parse InputRichBlock: Unsupported block type");
    }
  };

  const table = (b: Json, depth: number) => {
    const rows = requireArray(b, "cells");
    for (const row of rows) {
      if (!Array.isArray(row)) throw missing("cells");
      stats.blockCount++;
      let columns = 0;
      const cells: string[] = [];
      for (const cell of row as Json[]) {
        if (!cell || typeof cell !== "object") throw missing("align");
        if (cell.align === undefined) throw missing("align");
        if (cell.valign === undefined) throw missing("valign");
        columns += typeof cell.colspan === "number" && cell.colspan > 1 ? cell.colspan : 1;
        cells.push(cell.text === undefined ? "" : text(cell.text, depth + 2));
      }
      if (columns > RICH_LIMITS.columns) throw badRequest(RICH_ERRORS.tooWide);
      lines.push(cells.join(" | "));
    }
    if (b.caption !== undefined) text(b.caption, depth + 1);
  };

  for (const b of blocks) block(b, 1);
  if (stats.chars > RICH_LIMITS.chars) throw badRequest(RICH_ERRORS.tooLong);
  if (stats.blockCount > RICH_LIMITS.blocks) throw badRequest(RICH_ERRORS.tooManyBlocks);
  if (stats.depth > RICH_LIMITS.depth) throw badRequest(RICH_ERRORS.tooDeep);
  if (stats.media > RICH_LIMITS.media) throw badRequest(RICH_ERRORS.tooManyMedia);
  const plain = lines.join("\n").trim();
  return { blocks: blocks as Json[], plain, ...stats };
}

function requireString(b: Json, field: string): string {
  if (typeof b[field] !== "string") throw missing(field);
  return b[field];
}

function requireArray(b: Json, field: string): unknown[] {
  const value = b[field];
  if (!Array.isArray(value)) throw missing(field);
  return value;
}
