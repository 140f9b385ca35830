/** SQLite's case folding for LIKE: ASCII letters only ("É" and "é" stay different). */
export function foldAscii(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text;
}

/**
 * A matcher with SQLite `LIKE` semantics (no ESCAPE clause): the whole subject must match, `%` is
 * any sequence, `_` any one character, ASCII-only case-insensitive. Subjects passed to the matcher
 * must already be folded with `foldAscii`.
 */
export function likeMatcher(pattern: string): (foldedSubject: string) => boolean {
  const folded = foldAscii(pattern);
  if (!/[%_]/.test(folded)) return (subject) => subject === folded;
  const inner = /^%+([^%_]*)%+$/.exec(folded);
  if (inner) {
    const needle = inner[1]!;
    return (subject) => subject.includes(needle);
  }
  const source = [...folded]
    .map((ch) =>
      ch === "%" ? "[\\s\\S]*" : ch === "_" ? "[\\s\\S]" : ch.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"),
    )
    .join("");
  const regex = new RegExp(`^${source}$`, "u");
  return (subject) => regex.test(subject);
}
