import { languageOf, processTerm, tokenize } from "./analyzer.js";
import type { Passage } from "./passages.js";
import { buildPostings, type Postings } from "./postings.js";
import { keysFor, referenceKeys } from "./references.js";
import type { AnchorSettings } from "./settings.js";
import { byTerm, type TermDictionary } from "./term-dictionary.js";

/**
 * Anchor text: the words other pages use where they refer to a page, which can describe it in
 * words it lacks itself (as link text does on the web). Three kinds, read from a page's Markdown:
 * - `example`: the prose of a passage (tldr's "- Do something:") whose code invokes a command
 *   goes to the command's page (references.ts keys);
 * - `link`: the text of a Markdown link goes to the linked path;
 * - `seeAlso`: the page's description goes to each command a "See also:" line names.
 * A page gives no anchors to its own family (`git-commit` none to `git`, `git-stash` or itself):
 * subcommand pages describe their siblings' tasks, not what the sibling is for.
 *
 * Each page stores the anchors it GIVES (`OutgoingAnchors`, fixed at put time); the anchor
 * document a page RECEIVES depends on the other pages and is built at freeze time
 * (`anchorPostings`), so a put or remove of any page shows in the next search, like the
 * reference counts.
 *
 * Measured on the tuning sets (bench/answer-quality): anchors that also counted for coverage
 * (half or full) moved questions both ways and lost dev top-3; added to the score only, of pages
 * matched anyway, they gain a little on dev and tuned and lose nothing on held-out.
 */

const KINDS = ["example", "link", "seeAlso"] as const;
type Kind = (typeof KINDS)[number];

/**
 * The anchors a page gives: `keys[i]` (a reference key, references.ts) is what anchor i points at;
 * `docs` holds, per anchor, [kind (index in KINDS), term count, term ids…], one after the other.
 */
export interface OutgoingAnchors {
  keys: string[];
  docs: Uint32Array;
}

const CODE_LINE = /^\s*(`[^`]+`\s*)+$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const LINK_TEXT = /\[([^\]]+)\]\(\s*([^)\s]+)/g;
const SEE_ALSO = /see also:?([^\n]*)/gi;
const SPAN = /`([^`\n]+)`/g;

/** The anchors a page gives, from its passages' Markdown and its description. */
export function outgoingAnchors(
  meta: { title: string; description: string; locale?: string },
  passages: readonly Passage[],
  dict: TermDictionary,
): OutgoingAnchors {
  const keys: string[] = [];
  const docs: number[] = [];
  const family = familyOf(meta.title);
  const language = languageOf(meta.locale);
  const add = (kind: Kind, key: string, text: string) => {
    if (family !== "" && (key === family || key.startsWith(`${family} `) || key.startsWith(`${family}-`)))
      return;
    const ids: number[] = [];
    for (const word of tokenize(text)) {
      const term = processTerm(word, language);
      if (term !== null) ids.push(dict.id(term));
    }
    if (ids.length === 0) return;
    keys.push(key);
    docs.push(KINDS.indexOf(kind), ids.length, ...ids);
  };
  for (const passage of passages) {
    const { prose, code } = splitCode(passage.markdown);
    if (code.length > 0) {
      const text = prose.join(" ").replace(LINK_TEXT, "$1");
      for (const key of referenceKeys("```\n" + code.join("\n") + "\n```", meta.title))
        add("example", key, text);
    }
    for (const match of passage.markdown.matchAll(LINK_TEXT))
      for (const key of referenceKeys(`[](${match[2]!})`, meta.title)) add("link", key, match[1]!);
    for (const match of passage.markdown.matchAll(SEE_ALSO)) {
      const named = [...match[1]!.matchAll(SPAN)].map((m) => `\`${m[1]}\``).join(" ");
      for (const key of referenceKeys(named, meta.title)) add("seeAlso", key, meta.description);
    }
  }
  return { keys, docs: Uint32Array.from(docs) };
}

/** The first word of a title ("git" of "git commit" and of "git-stash"), lower-cased. */
function familyOf(title: string): string {
  return (
    title
      .trim()
      .toLowerCase()
      .split(/[\s-]+/)[0] ?? ""
  );
}

/** A passage's Markdown as prose lines and code lines (fenced, or lines made only of code spans). */
function splitCode(markdown: string): { prose: string[]; code: string[] } {
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      else code.push(line);
    } else if (marker !== undefined) fence = marker;
    else if (CODE_LINE.test(line)) code.push(line.replace(/`/g, " "));
    else prose.push(line);
  }
  return { prose, code };
}

/**
 * Whether the anchor records (OutgoingAnchors layout) fill `docs` exactly, one per key, with known
 * kinds and term ids below `terms` (the dictionary's size): a saved file is never trusted.
 */
export function anchorsConsistent({ keys, docs }: OutgoingAnchors, terms: number): boolean {
  let at = 0;
  for (const key of keys) {
    if (typeof key !== "string" || at + 2 > docs.length || docs[at]! >= KINDS.length) return false;
    const end = at + 2 + docs[at + 1]!;
    if (end > docs.length) return false;
    for (let i = at + 2; i < end; i++) if (docs[i]! >= terms) return false;
    at = end;
  }
  return at === docs.length;
}

/**
 * The anchor document of each page (one field, positions as in `pages`), as postings over terms
 * [0, T). Empty documents when the anchor weight is 0. Deterministic: ties are broken by the terms
 * themselves (`termOf`), not by their ids, which depend on the order pages were first indexed; so
 * an index updated page by page keeps the same anchors as a fresh build of the same pages.
 */
export function anchorPostings(
  pages: ReadonlyArray<{ meta: { title: string; path: string }; anchors: OutgoingAnchors }>,
  T: number,
  termOf: (id: number) => string,
  settings: AnchorSettings,
): Postings {
  const received = settings.weight === 0 ? pages.map(() => EMPTY) : gatherAnchors(pages, termOf, settings);
  return buildPostings({ datas: received.map(oneFieldDoc), offsets: received.map(() => 0) }, 1, T);
}

const EMPTY = new Uint32Array(0);

function gatherAnchors(
  pages: ReadonlyArray<{ meta: { title: string; path: string }; anchors: OutgoingAnchors }>,
  termOf: (id: number) => string,
  settings: AnchorSettings,
): Uint32Array[] {
  const targets = new Map<string, number[]>();
  pages.forEach((page, i) => {
    for (const key of keysFor(page.meta)) {
      const list = targets.get(key);
      if (list) list.push(i);
      else targets.set(key, [i]);
    }
  });
  const enabled = KINDS.map((kind) => settings.kinds[kind]);
  const bags: Array<Map<number, number> | undefined> = Array.from({ length: pages.length }, () => undefined);
  const referrers = new Uint32Array(pages.length);
  pages.forEach(({ anchors: { keys, docs } }, from) => {
    // Per referring page: each target counted once, each of its terms once per target.
    const given = new Map<number, Set<number>>();
    let at = 0;
    for (const key of keys) {
      const kind = docs[at]!;
      const ids = docs.subarray(at + 2, at + 2 + docs[at + 1]!);
      at += 2 + ids.length;
      if (!enabled[kind]) continue;
      for (const to of targets.get(key) ?? []) {
        if (to === from) continue;
        let terms = given.get(to);
        if (!terms) given.set(to, (terms = new Set()));
        for (const id of ids) terms.add(id);
      }
    }
    for (const [to, terms] of given) {
      referrers[to]!++;
      const bag = (bags[to] ??= new Map());
      for (const id of terms) bag.set(id, (bag.get(id) ?? 0) + 1);
    }
  });
  const df = new Map<number, number>();
  for (const bag of bags) if (bag) for (const id of bag.keys()) df.set(id, (df.get(id) ?? 0) + 1);
  return bags.map((bag, to) => {
    if (!bag) return EMPTY;
    const least = settings.minShare * referrers[to]!;
    const kept = [...bag]
      .filter(([, count]) => count >= least)
      .map(([id, count]) => ({ id, count, df: df.get(id)! }))
      .sort((a, b) => b.count - a.count || a.df - b.df || byTerm(termOf(a.id), termOf(b.id)))
      .slice(0, settings.maxTerms);
    const out: number[] = [];
    for (const { id, count } of kept)
      for (let i = 0; i < Math.min(count, settings.maxCount); i++) out.push(id);
    return Uint32Array.from(out);
  });
}

/** Term ids as an encoded one-field document (doc-tokens.ts layout). */
function oneFieldDoc(ids: Uint32Array): Uint32Array {
  const out = new Uint32Array(2 + ids.length);
  out[0] = ids.length;
  out[1] = ids.length;
  out.set(ids, 2);
  return out;
}
