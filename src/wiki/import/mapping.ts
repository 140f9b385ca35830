/**
 * How a Markdown file becomes a wiki page: its path (valid for Wiki.js, stable, readable), title
 * and description. Pure functions.
 */
const SPELLED: Record<string, string> = {
  "!": "bang",
  $: "dollar",
  "%": "percent",
  "(": "paren",
  ")": "close_paren",
  ",": "comma",
  "[": "bracket",
  "]": "close_bracket",
  "{": "brace",
  "}": "close_brace",
  "^": "caret",
  "~": "tilde",
  "+": "plus",
  "&": "and",
  "@": "at",
  "#": "hash",
  "?": "question",
  "=": "equals",
  ":": "colon",
  ";": "semicolon",
  "'": "quote",
  '"': "double_quote",
  "*": "star",
  "<": "lt",
  ">": "gt",
  "|": "pipe",
  "\\": "backslash",
};

/**
 * One path segment: lower-case letters, digits, `-`, `_` and `.`. Symbols are spelled out behind an
 * underscore (`c++` → `c_plus_plus`, `,` → `_comma`), which keeps them apart from real names such
 * as `comma`; whitespace becomes `-`.
 */
export function mapSegment(name: string): string {
  // A name of dots only (the tldr page for `..`) would vanish: spell it.
  if (/^\.+$/.test(name)) return Array.from(name, () => "_dot").join("");
  let out = "";
  for (const ch of name.toLowerCase()) {
    if (/[a-z0-9_.-]/.test(ch)) out += ch;
    else if (/\s/.test(ch)) out += "-";
    else out += `_${SPELLED[ch] ?? `u${ch.codePointAt(0)!.toString(16)}`}_`;
  }
  return out
    .replace(/-{2,}/g, "-")
    .replace(/_{2,}/g, "_")
    .replace(/^[-.]+|[-._]+$/g, "");
}

/**
 * The wiki path of a file: prefix + its relative path without `.md`, each segment mapped.
 * Undefined when nothing usable is left (reported as a failure by the importer).
 */
export function wikiPathFor(relativeFile: string, prefix = ""): string | undefined {
  const segments = relativeFile.replace(/\.md$/i, "").split(/[\\/]/).map(mapSegment);
  if (segments.some((s) => s === "")) return undefined;
  const head = prefix
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(mapSegment);
  return [...head, ...segments].join("/");
}

/** Title from the first `# ` heading, else the file name. */
export function titleOf(markdown: string, fileName: string): string {
  return /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1]?.trim() || fileName.replace(/\.md$/i, "");
}

/** Description from the first `> ` quote line or the first paragraph after the title. */
export function descriptionOf(markdown: string): string {
  const quote = /^>\s+(.+)$/m.exec(markdown)?.[1];
  if (quote) return clip(quote);
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p !== "" && !p.startsWith("#") && !p.startsWith("```"));
  return paragraph ? clip(paragraph.replace(/\s+/g, " ")) : "";
}

function clip(text: string, max = 255): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
