import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { Lexer, type Token, type Tokens } from "marked";

/** A link of a Markdown file that leads nowhere: the file, the link as written, and why. */
export interface BrokenLink {
  file: string;
  link: string;
  problem: string;
}

/**
 * The anchor GitHub gives a heading: its text as rendered (code spans keep their content, emphasis
 * and link syntax go), lower-cased, every character but letters, marks, digits, `_`, `-` and
 * spaces dropped, spaces made `-` (github-slugger's rule). A repeated slug gets `-1`, `-2`, … in the
 * order the headings come.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown text's headings (not of `#` lines inside code blocks). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const token of walk(new Lexer().lex(markdown))) {
    if (token.type !== "heading") continue;
    const base = githubSlug(plainText((token as Tokens.Heading).tokens));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The targets of a Markdown text's links and images, as written (not those inside code). */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const token of walk(new Lexer().lex(markdown))) {
    if (token.type === "link" || token.type === "image") targets.push((token as Tokens.Link).href);
  }
  return targets;
}

/**
 * Every relative link of `files` (paths relative to `root`) that leads nowhere: a file or folder
 * that does not exist, a path out of `root`, or a `#anchor` that is no heading of the Markdown file
 * it points into (the same file for a bare `#anchor`). Links with a scheme (`https:`, `mailto:`)
 * are not followed.
 */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string): Set<string> => {
    let found = anchorsOf.get(path);
    if (!found) anchorsOf.set(path, (found = headingAnchors(readFileSync(join(root, path), "utf8"))));
    return found;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const link of linkTargets(readFileSync(join(root, file), "utf8"))) {
      const problem = problemOf(root, file, link, anchors);
      if (problem) broken.push({ file, link, problem });
    }
  }
  return broken;
}

function problemOf(
  root: string,
  file: string,
  link: string,
  anchors: (path: string) => Set<string>,
): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//")) return undefined;
  const hash = link.indexOf("#");
  const pathPart = decodeURI(hash === -1 ? link : link.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(link.slice(hash + 1));
  const target = pathPart === "" ? file : normalize(join(dirname(file), pathPart));
  if (target.split(sep)[0] === "..") return "points out of the repository";
  const full = join(root, target);
  if (!existsSync(full)) return `no such file: ${target}`;
  if (anchor === undefined) return undefined;
  if (statSync(full).isDirectory() || !target.endsWith(".md"))
    return `an anchor into ${target}, which is not a Markdown file`;
  return anchors(target).has(anchor) ? undefined : `no heading #${anchor} in ${target}`;
}

/** Every token of a token tree: blocks, inline tokens, list items and table cells. */
function* walk(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const node = token as {
      tokens?: Token[];
      items?: Tokens.ListItem[];
      header?: Tokens.TableCell[];
      rows?: Tokens.TableCell[][];
    };
    if (node.tokens) yield* walk(node.tokens);
    if (node.items) yield* walk(node.items);
    if (node.header) for (const cell of node.header) yield* walk(cell.tokens);
    if (node.rows) for (const row of node.rows) for (const cell of row) yield* walk(cell.tokens);
  }
}

/** The text a heading renders to: code spans keep their content; emphasis, links and HTML go. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "codespan") return (token as Tokens.Codespan).text;
      if (token.type === "html") return "";
      const inner = (token as { tokens?: Token[] }).tokens;
      if (inner) return plainText(inner);
      return (token as { text?: string }).text ?? "";
    })
    .join("");
}
