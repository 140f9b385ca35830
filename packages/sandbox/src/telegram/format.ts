import { ApiError, badRequest } from "./errors.js";
import { type Entity, EntityParseError, sortEntities } from "./entity-types.js";
import { parseHtml } from "./parse-html.js";
import { parseMarkdown, parseMarkdownV2 } from "./parse-markdown.js";

/** Longest message text, in Unicode code points after entity parsing. */
export const MAX_TEXT = 4096;

export interface FormattedText {
  text: string;
  entities: Entity[];
}

/**
 * A bot's outgoing text as Telegram stores it: explicit `entities` win over `parse_mode`; the
 * parse mode (case-insensitive HTML, MarkdownV2, Markdown) is applied; surrounding whitespace is
 * trimmed with entities shifted; then emptiness and length are checked.
 * Throws the Bot API's 400 answers.
 */
export function formatOutgoing(rawText: unknown, parseMode: unknown, explicit: unknown): FormattedText {
  if (rawText === undefined || rawText === null || rawText === "") throw badRequest("message text is empty");
  if (typeof rawText !== "string" && typeof rawText !== "number") throw badRequest("message text is empty");
  const trimmed = parseOutgoing(String(rawText), parseMode, explicit);
  if (trimmed.text.length === 0) throw badRequest("message text is empty");
  if (codePoints(trimmed.text) > MAX_TEXT) throw badRequest("message is too long");
  return trimmed;
}

/** A bot's text after entity parsing (explicit `entities` win over `parse_mode`), trimmed; unchecked length. */
export function parseOutgoing(source: string, parseMode: unknown, explicit: unknown): FormattedText {
  const parsed = Array.isArray(explicit)
    ? { text: source, entities: explicitEntities(explicit, source.length) }
    : parse(source, parseMode);
  return trim(parsed);
}

function parse(source: string, parseMode: unknown): FormattedText {
  const mode = typeof parseMode === "string" ? parseMode.toLowerCase() : "";
  try {
    if (mode === "") return { text: source, entities: [] };
    if (mode === "html") return parseHtml(source);
    if (mode === "markdownv2") return parseMarkdownV2(source);
    if (mode === "markdown") return parseMarkdown(source);
  } catch (error) {
    if (error instanceof EntityParseError)
      throw new ApiError(400, `Bad Request: can't parse entities: ${error.message}`);
    throw error;
  }
  throw badRequest("unsupported parse_mode");
}

function explicitEntities(list: unknown[], length: number): Entity[] {
  const out: Entity[] = [];
  for (const item of list) {
    const e = item as Partial<Entity> | null;
    if (!e || typeof e.type !== "string" || !Number.isInteger(e.offset) || !Number.isInteger(e.length)) {
      throw badRequest("can't parse entities: entity must have type, offset and length");
    }
    if (e.offset! < 0 || e.length! <= 0 || e.offset! + e.length! > length) continue;
    out.push({ ...e } as Entity);
  }
  return sortEntities(out);
}

/** Unicode code points (a surrogate pair counts once). */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      n--;
      i++;
    }
  }
  return n;
}

function trim({ text, entities }: FormattedText): FormattedText {
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  if (start === 0 && end === text.length) return { text, entities };
  const shifted: Entity[] = [];
  for (const e of entities) {
    const from = Math.max(e.offset, start);
    const to = Math.min(e.offset + e.length, end);
    if (to > from) shifted.push({ ...e, offset: from - start, length: to - from });
  }
  return { text: text.slice(start, end), entities: shifted };
}
