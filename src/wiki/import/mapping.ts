/**
 * How a Markdown file becomes a wiki page: its path (valid for Wiki.js, stable, readable), title
 * and description. Pure functions.
 */
const SPELLED: Record<string, string> = {
  "!": "bang",
  $: "dollar",
  "%": "percent",
  "(": "paren",
  ")": "close-paren",
  ",": "comma",
  "[": "bracket",
  "]": "close-bracket",
  "{": "brace",
  "}": "close-brace",
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
  '"': "double-quote",
  "*": "star",
  "<": "lt",
  ">": "gt",
  "|": "pipe",
  "\\": "backslash",
};

/** One path segment: lower-case letters, digits, `-`, `_` and `.`; symbols are spelled out. */
export function mapSegment(name: string): string {
  // A name of dots only (the tldr page for `..`) would vanish: spell it.
  if (/^\.+$/.test(name)) return Array.from(name, () => "dot").join("-");
  const words: string[] = [];
  let current = "";
  for (const ch of name.toLowerCase()) {
    if (/[a-z0-9_.-]/.test(ch)) current += ch;
    else {
      if (current) words.push(current);
      current = "";
      const spelled = SPELLED[ch];
      if (spelled) words.push(spelled);
      else if (!/\s/.test(ch)) words.push(`u${ch.codePointAt(0)!.toString(16)}`);
    }
  }
  if (current) words.push(current);
  return words
    .join("-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
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
