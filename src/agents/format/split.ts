import { type Segment, segmentHtml } from "./html-segments.js";

type OpenTag = Extract<Segment, { kind: "open" }>;

/** Telegram's limit is 4096 code points after entity parsing; the default leaves room. */
export const TELEGRAM_LIMIT = 4096;

/**
 * Splits Telegram HTML into messages of at most `limit` visible characters (code points after
 * entity parsing), cutting at the last paragraph break, else line break, else space, found in
 * the last 70 % of the chunk; a hard cut (never inside an entity, a surrogate pair, or before a
 * combining mark or after a zero-width joiner) is the last resort. Tags stay balanced: a chunk
 * that ends inside <b>, <a> or <pre> closes them, and the next chunk opens them again.
 * Whitespace-only chunks are dropped (Telegram refuses empty messages).
 */
export function splitTelegramHtml(html: string, limit = 4000): string[] {
  const max = Math.max(1, Math.min(Math.floor(limit), TELEGRAM_LIMIT));
  const segments = segmentHtml(html);
  const chunks: string[] = [];
  let start = 0;
  let open: OpenTag[] = [];
  while (start < segments.length) {
    const { cut, resume } = findCut(segments, start, max);
    const { body, stack } = render(segments, start, cut, open);
    if (hasText(segments, start, cut)) chunks.push(body);
    open = stack;
    start = resume;
  }
  return chunks;
}

/** The first chunk of `html` within `limit` visible characters, with "…" when something was cut. */
export function truncateTelegramHtml(html: string, limit: number): string {
  const segments = segmentHtml(html);
  const { cut } = findCut(segments, 0, Math.max(1, limit - 1));
  if (cut >= segments.length) return html;
  const { body, stack } = render(segments, 0, cut, []);
  const closers = stack
    .map((s) => `</${s.name}>`)
    .reverse()
    .join("");
  return body.slice(0, body.length - closers.length).trimEnd() + "…" + closers;
}

interface Cut {
  /** Segments [start, cut) form the chunk. */
  cut: number;
  /** The next chunk starts here (the whitespace at the break is dropped). */
  resume: number;
}

function findCut(segments: Segment[], start: number, max: number): Cut {
  let visible = 0;
  let i = start;
  for (; i < segments.length; i++) {
    if (segments[i]!.kind !== "char") continue;
    if (visible === max) break;
    visible++;
  }
  if (i >= segments.length) return { cut: segments.length, resume: segments.length };
  // i is the first character that does not fit; it may itself be the break. Look back for the best one.
  const floor = Math.floor(max * 0.3);
  let count = visible;
  let line: Cut | undefined;
  let word: Cut | undefined;
  for (let j = i; j > start && count > floor; j--) {
    const s = segments[j]!;
    if (s.kind !== "char") continue;
    if (j < i) count--;
    if (s.char === "\n") {
      const end = endOfRun(segments, j);
      if (previousChar(segments, j, start) === "\n" || end - j > 1) {
        return { cut: startOfRun(segments, j, start), resume: end };
      }
      line ??= { cut: j, resume: end };
    } else if (s.char === " " && word === undefined) {
      word = { cut: j, resume: j + 1 };
    }
  }
  if (line) return line;
  if (word) return word;
  let cut = i;
  while (cut > start + 1 && joinsPrevious(segments, cut)) cut--;
  return { cut, resume: cut };
}

/** A character that must not start a chunk: a combining mark or joiner, or one after a ZWJ. */
function joinsPrevious(segments: Segment[], index: number): boolean {
  const s = segments[index];
  if (s?.kind === "char" && isJoining(s.char)) return true;
  const before = segments[index - 1];
  return before?.kind === "char" && before.char === "\u200d";
}

/** Combining marks, ZWJ, variation selectors and skin-tone modifiers attach to the character before. */
function isJoining(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    /^\p{M}$/u.test(char) ||
    code === 0x200d ||
    code === 0xfe0e ||
    code === 0xfe0f ||
    (code >= 0x1f3fb && code <= 0x1f3ff)
  );
}

function previousChar(segments: Segment[], index: number, start: number): string | undefined {
  for (let k = index - 1; k >= start; k--) {
    const s = segments[k]!;
    if (s.kind === "char") return s.char;
  }
  return undefined;
}

function startOfRun(segments: Segment[], index: number, start: number): number {
  let k = index;
  while (
    k - 1 > start &&
    segments[k - 1]!.kind === "char" &&
    (segments[k - 1] as { char: string }).char === "\n"
  )
    k--;
  return k;
}

function endOfRun(segments: Segment[], index: number): number {
  let k = index;
  while (
    k < segments.length &&
    segments[k]!.kind === "char" &&
    (segments[k] as { char: string }).char === "\n"
  )
    k++;
  return k;
}

function hasText(segments: Segment[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const s = segments[k]!;
    if (s.kind === "char" && s.char.trim() !== "") return true;
  }
  return false;
}

/** The chunk's HTML: tags still open from before, its segments, closers for what is open at the end. */
function render(
  segments: Segment[],
  start: number,
  end: number,
  open: OpenTag[],
): { body: string; stack: OpenTag[] } {
  const stack = [...open];
  let body = open.map((s) => s.raw).join("");
  for (let k = start; k < end; k++) {
    const s = segments[k]!;
    body += s.raw;
    if (s.kind === "open") stack.push(s);
    else if (s.kind === "close") {
      const at = stack.map((t) => t.name).lastIndexOf(s.name);
      if (at >= 0) stack.splice(at, 1);
    }
  }
  body += stack
    .map((s) => `</${s.name}>`)
    .reverse()
    .join("");
  return { body, stack };
}
