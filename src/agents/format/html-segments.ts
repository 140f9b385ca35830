/**
 * Telegram HTML cut into segments: tags, and visible characters (one code point, or one entity
 * such as "&lt;", which Telegram counts as one character after parsing).
 */
export type Segment =
  | { kind: "open"; name: string; raw: string }
  | { kind: "close"; name: string; raw: string }
  | { kind: "char"; raw: string; char: string };

const PIECE =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>|&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});|[\s\S]/gu;
const ENTITY_CHAR: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"' };

export function segmentHtml(html: string): Segment[] {
  const out: Segment[] = [];
  for (const match of html.matchAll(PIECE)) {
    const raw = match[0];
    if (match[2] !== undefined) {
      const name = match[2].toLowerCase();
      out.push(match[1] ? { kind: "close", name, raw } : { kind: "open", name, raw });
    } else if (raw.length > 1 && raw[0] === "&") {
      out.push({ kind: "char", raw, char: ENTITY_CHAR[raw] ?? entityChar(raw) });
    } else {
      out.push({ kind: "char", raw, char: raw });
    }
  }
  return out;
}

function entityChar(raw: string): string {
  const body = raw.slice(1, -1);
  if (body[0] !== "#") return "?";
  const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  try {
    return String.fromCodePoint(code);
  } catch {
    return "?";
  }
}

/** The message length Telegram counts: Unicode code points of the text after entity parsing. */
export function telegramLength(html: string): number {
  let n = 0;
  for (const s of segmentHtml(html)) if (s.kind === "char") n++;
  return n;
}
