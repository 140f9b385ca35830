/**
 * How a Markdown file becomes a wiki page: its path (valid for Wiki.js, stable, readable), title
 * and description. Pure functions.
 *
 * Wiki.js 2.5 refuses a path containing `.`, a space, `\` or `//` (PageIllegalPath, 6005), and
 * characters such as `?`, `#`, `%` or `[` break page URLs; a first segment of one character, of
 * two letters (read as a locale: `/fr/...`) or naming a server route cannot be reached.
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
  "`": "backtick",
  "/": "slash",
  ".": "dot",
};

/** First path segments the Wiki.js server routes itself. */
const RESERVED_FIRST = new Set([
  "login",
  "logout",
  "register",
  "verify",
  "graphql",
  "healthz",
  "img",
  "js",
  "svg",
  "fonts",
  "favicons",
  "_assets",
  "_userav",
]);

/**
 * One path segment: lower-case letters (any script), digits, `-` and `_`. Whitespace and dots
 * inside a name become `-` (`mkfs.ext4` → `mkfs-ext4`); other symbols are spelled behind an
 * underscore (`c++` → `c_plus_plus`, `,` → `_comma`), which keeps them apart from real names such
 * as `comma`; a name of dots only (the tldr page for `.`) is spelled too (`_dot`).
 */
export function mapSegment(name: string): string {
  if (/^\.+$/.test(name)) return Array.from(name, () => "_dot").join("");
  let out = "";
  for (const ch of name.normalize("NFC").toLowerCase()) {
    if (/[\p{Ll}\p{Lo}\p{Lm}\p{N}_-]/u.test(ch)) out += ch;
    else if (/[\s.]/u.test(ch)) out += "-";
    else if (/\p{M}/u.test(ch)) out += ch;
    else out += `_${SPELLED[ch] ?? `u${ch.codePointAt(0)!.toString(16)}`}_`;
  }
  return out
    .replace(/-{2,}/g, "-")
    .replace(/[-_]*_[-_]*/g, "_")
    .replace(/^-+|[-_]+$/g, "");
}

export type PathMapping = { ok: true; path: string } | { ok: false; reason: string };

/** The wiki path of a file (relative to the imported folder): prefix + its path without `.md`, each segment mapped. */
export function mapWikiPath(relativeFile: string, prefix = ""): PathMapping {
  const names = relativeFile.replace(/\.md$/i, "").split(/[\\/]/);
  const segments = names.map(mapSegment);
  const empty = segments.findIndex((s) => s === "");
  if (empty !== -1) return { ok: false, reason: `the name "${names[empty]}" leaves no usable path segment` };
  const head = prefix
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(mapSegment)
    .filter(Boolean);
  const path = [...head, ...segments].join("/");
  const first = path.split("/")[0]!;
  const fix = head.length > 0 ? "choose a --prefix that starts with a longer word" : "give a --prefix";
  if (first.length <= 1 || /^[a-z]{2}(-[a-z]{2})?$/.test(first)) {
    return {
      ok: false,
      reason: `the path ${path} starts with "${first}", which Wiki.js's page URLs read as a locale or a reserved prefix: ${fix}`,
    };
  }
  if (RESERVED_FIRST.has(first)) {
    return {
      ok: false,
      reason: `the path ${path} starts with "${first}", a route of the Wiki.js server: ${fix}`,
    };
  }
  return { ok: true, path };
}

/** `mapWikiPath`'s path, or undefined when the file cannot be mapped. */
export function wikiPathFor(relativeFile: string, prefix = ""): string | undefined {
  const mapped = mapWikiPath(relativeFile, prefix);
  return mapped.ok ? mapped.path : undefined;
}

/** Lines outside YAML front matter and code fences, with their text. */
function proseLines(markdown: string): Array<string | null> {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: Array<string | null> = [];
  let start = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
    if (end > 0) start = end + 1;
  }
  let fence: string | undefined;
  for (const line of lines.slice(start)) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (open && open[0] === fence[0] && open.length >= fence.length) fence = undefined;
      out.push(null); // a code line ends a paragraph and is never a title
    } else if (open) {
      fence = open;
      out.push(null);
    } else out.push(line);
  }
  return out;
}

/** Title from the first level-1 heading (`# Title` or `Title` over `===`), else the file name. */
export function titleOf(markdown: string, fileName: string): string {
  const lines = proseLines(markdown);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === null || line === undefined) continue;
    const atx = /^\s{0,3}#\s+(.+?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (atx) return plain(atx);
    if (line.trim() !== "" && /^\s{0,3}=+\s*$/.test(lines[i + 1] ?? "")) return plain(line);
  }
  return fileName.replace(/\.md$/i, "");
}

/**
 * Description from the first block of prose after headings: its first `>` quote line (tldr's
 * one-line summary), or the paragraph joined into one line; at most 255 characters.
 */
export function descriptionOf(markdown: string): string {
  const paragraph: string[] = [];
  for (const line of proseLines(markdown)) {
    const text = line?.trim() ?? "";
    if (line === null || text === "") {
      if (paragraph.length > 0) break;
      continue;
    }
    if (paragraph.length === 0) {
      if (/^#{1,6}(\s|$)/.test(text) || /^(=+|-{3,}|\*{3,}|_{3,})$/.test(text) || text.startsWith("<!--"))
        continue;
      if (text.startsWith(">")) {
        const quote = text.replace(/^>\s?/, "").trim();
        if (quote !== "") return clip(plain(quote));
        continue;
      }
    }
    paragraph.push(text);
  }
  return clip(plain(paragraph.join(" ")));
}

/** Inline Markdown reduced to its text: links to their label, code and emphasis marks dropped. */
function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<(https?:[^>]+)>/g, "$1")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max = 255): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
