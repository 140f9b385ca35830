/**
 * Tool names people write with letters and digits run together: "7zip" for the page `7z`,
 * "python3x" for `python3`. A question term on no page that mixes letters and digits also stands
 * for the longest term it begins with (at least MIN_PREFIX characters) that is a word of some
 * page's title and itself mixes letters and digits ("10gb" stands for no "10", "log4j" for no
 * "log", "mp3" for no "mp"). A term holding no digit, or some page's own term, is never read so: the prefix
 * matching of term-expansion.ts covers the other direction ("config" → "configuration").
 */
const MIN_PREFIX = 2;
const DIGIT = /\p{N}/u;
const LETTER = /\p{L}/u;

/** Whether a term mixes letters and digits, so may be a tool name read so (a cheap test, made first). */
export function mayNameTool(term: string): boolean {
  return DIGIT.test(term) && LETTER.test(term);
}

/** The title term `term` stands for (above), or undefined. `inTitle`: whether some page's title holds a term. */
export function titlePrefix(term: string, inTitle: (prefix: string) => boolean): string | undefined {
  if (!mayNameTool(term)) return undefined;
  for (let n = term.length - 1; n >= MIN_PREFIX; n--) {
    const prefix = term.slice(0, n);
    if (mayNameTool(prefix) && inTitle(prefix)) return prefix;
  }
  return undefined;
}
