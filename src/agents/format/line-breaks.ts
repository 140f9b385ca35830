/**
 * Inline Markdown text with its soft line breaks (a newline and the spaces around it) as one
 * space, as Markdown renders them. Hard breaks are not seen here: the lexer gives them as "br".
 */
export function softBreaks(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*/g, " ");
}

/**
 * Text shown on one line (a page description, a title): every run of whitespace, line breaks
 * included, as one space, trimmed. Wiki.js accepts descriptions with newlines (a folded or
 * literal YAML scalar in an imported file's front matter gives them).
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
