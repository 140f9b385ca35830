import {
  folderOf,
  type IndexedPage,
  type PageDirectory,
  type RankedPage,
  languageOf,
  processTerm,
  queryTerms,
  termsHeld,
  synonymsOf,
  type SearchIndex,
  titleKey,
} from "../wiki/search-index/index.js";
import { inSection } from "./agent-settings.js";

/**
 * The word a page's description uses to say that the page is another name of a page (tldr's "This
 * command is an alias of `docker container ls`.", "Dieser Befehl ist ein Alias von `…`", "Эта
 * команда — псевдоним для `…`", "此命令为 `…` 的别名"), in the languages of the catalogues.
 */
const ALIAS_WORD = /\balias\b|псевдоним|别名/i;
const CODE_SPAN = /`([^`\n]+)`/g;

/** What the ranked pages were searched for, and where the agent may look. */
export interface StandInQuery {
  /** The text that was ranked (the model's words, else the question or its twin). */
  text: string;
  /** The question as asked, when `text` is the model's words: the folder it names counts too. */
  asked?: string;
  /** The agent's section ("" = the whole wiki): a stand-in is never taken from outside it. */
  section: string;
}

/**
 * The ranked pages with each page's stand-in put in its place:
 * - a page whose description says it is an alias of another page (one `code` span naming a page
 *   of its locale) stands for that page, and is left out (it holds only the pointer);
 * - a page with variants (pages of its title and locale in variant folders, PageDirectory.variantsOf,
 *   as `tldr/linux/df` beside `tldr/common/df`) is led by the variant in the folder the question
 *   names, else by the one in the largest folder (the general page, not the platform's), and
 *   follows it.
 * A stand-in takes the place, score and coverage of the first page it stands for (so the
 * confidence judged on the ranking holds) with its own best passages for the text; its later
 * occurrence is dropped. At most `limit` pages are kept (the list's length by default).
 */
export function withStandIns(
  index: SearchIndex,
  ranked: readonly RankedPage[],
  query: StandInQuery,
  limit = ranked.length,
): RankedPage[] {
  if (ranked.length === 0) return [...ranked];
  const directory = index.directory();
  const named = namedFolders(query.asked === undefined ? query.text : `${query.text} ${query.asked}`);
  const out: RankedPage[] = [];
  const placed = new Set<number>();
  const place = (r: RankedPage) => {
    if (placed.has(r.page.id)) return;
    placed.add(r.page.id);
    out.push(r);
  };
  for (const r of ranked) {
    const alias = aliasTarget(r.page, directory, query.section);
    const target = alias ?? leadingNamesake(r.page, directory, named, query.section);
    if (target !== undefined && target.id !== r.page.id) {
      if (!placed.has(target.id)) place(standingFor(index, target, r, ranked, query.text));
      if (alias !== undefined) continue;
    }
    place(r);
  }
  return out.slice(0, limit);
}

/** Alias pages followed at most, one to the next (`fossil forget` → `fossil rm` → `fossil delete`). */
const ALIAS_HOPS = 3;

/**
 * The page an alias page names, in `section` (its general namesake when several), followed through
 * alias pages it names in turn; undefined when `page` is no alias or names no page there.
 */
function aliasTarget(page: IndexedPage, directory: PageDirectory, section: string): IndexedPage | undefined {
  let target: IndexedPage | undefined;
  const seen = new Set([page.id]);
  for (let at = page, hop = 0; hop < ALIAS_HOPS; hop++) {
    const next = namedByAlias(at, directory, section);
    if (next === undefined || seen.has(next.id)) break;
    seen.add(next.id);
    target = at = next;
  }
  return target;
}

function namedByAlias(page: IndexedPage, directory: PageDirectory, section: string): IndexedPage | undefined {
  if (!ALIAS_WORD.test(page.description)) return undefined;
  const spans = [...page.description.matchAll(CODE_SPAN)].map((m) => m[1]!);
  if (spans.length !== 1) return undefined;
  const pages = directory
    .titled(spans[0]!, page.locale)
    .filter((p) => p.id !== page.id && within(p, section));
  return pages.length === 0 ? undefined : general(pages, directory);
}

/**
 * The namesake that leads `page` (pages of its title in variant folders, PageDirectory.variantsOf,
 * inside `section`): in a folder the question names, else in the largest folder.
 */
function leadingNamesake(
  page: IndexedPage,
  directory: PageDirectory,
  named: (folder: string, locale: string) => boolean,
  section: string,
): IndexedPage | undefined {
  const namesakes = directory.variantsOf(page).filter((p) => p.id === page.id || within(p, section));
  if (namesakes.length < 2) return undefined;
  const inNamed = namesakes.filter((p) => named(folderOf(p.path), p.locale));
  if (inNamed.some((p) => p.id === page.id)) return undefined;
  return inNamed.length > 0 ? general(inNamed, directory) : general(namesakes, directory);
}

/** Of pages sharing a title, the one in the largest folder (the first such on a tie). */
function general(pages: readonly IndexedPage[], directory: PageDirectory): IndexedPage {
  let best = pages[0]!;
  let size = directory.folderSize(folderOf(best.path), best.locale);
  for (const p of pages.slice(1)) {
    const s = directory.folderSize(folderOf(p.path), p.locale);
    if (s > size || (s === size && p.path < best.path)) [best, size] = [p, s];
  }
  return best;
}

/** Most page names read at the start of the model's words. */
const MAX_NAMES = 3;
/** Most words of a title read as a page name. */
const MAX_TITLE_WORDS = 4;

/**
 * The pages the model's words name first (its rewrite starts with up to three likely page names,
 * then keywords): read from the start, each time the longest run of words that is the title of a
 * page of `locales` in the agent's section; the names end at the first word that starts none. An
 * umbrella name goes after a later, more specific one ("docker" after "docker stop"). Of pages
 * sharing a named title, the one in `ranked` is taken, else the one in the largest folder; each
 * comes with its own ranking for the words (ownRanking).
 */
export function namedPages(
  index: SearchIndex,
  words: string,
  ranked: readonly RankedPage[],
  scope: { section: string; locales: readonly string[] },
): RankedPage[] {
  const directory = index.directory();
  const tokens = words
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  const out: RankedPage[] = [];
  for (let at = 0; at < tokens.length && out.length < MAX_NAMES;) {
    const found = longestTitle(tokens, at, (title) =>
      scope.locales.flatMap((l) => directory.titled(title, l)).filter((p) => within(p, scope.section)),
    );
    if (found === undefined) break;
    at = found.end;
    const page =
      ranked.find((r) => found.pages.some((p) => p.id === r.page.id))?.page ??
      general(found.pages, directory);
    if (!out.some((r) => r.page.id === page.id)) out.push(ownRanking(index, page, ranked, words));
  }
  return specificFirst(out);
}

/** Each page whose title is a word prefix of a later page's title moved just after that page. */
function specificFirst(pages: readonly RankedPage[]): RankedPage[] {
  const key = (r: RankedPage) => titleKey(r.page.title);
  const waiting = new Map<number, RankedPage[]>();
  const out: RankedPage[] = [];
  pages.forEach((r, i) => {
    const child = pages.findIndex((m, j) => j > i && key(m).startsWith(`${key(r)} `));
    if (child >= 0) waiting.set(child, [...(waiting.get(child) ?? []), r, ...(waiting.get(i) ?? [])]);
    else out.push(r, ...(waiting.get(i) ?? []));
  });
  return out;
}

function longestTitle(
  tokens: readonly string[],
  at: number,
  pagesTitled: (title: string) => IndexedPage[],
): { pages: IndexedPage[]; end: number } | undefined {
  for (let end = Math.min(tokens.length, at + MAX_TITLE_WORDS); end > at; end--) {
    const pages = pagesTitled(tokens.slice(at, end).join(" "));
    if (pages.length > 0) return { pages, end };
  }
  return undefined;
}

/** Passages of a page read for the words: its best three. */
const PASSAGES = 3;

/**
 * `page` as ranked for `text`: its entry in `ranked` when there, else its passages that hold the
 * most of the text's terms (its opening first on a tie), at score and coverage 0: no second search.
 */
function ownRanking(
  index: SearchIndex,
  page: IndexedPage,
  ranked: readonly RankedPage[],
  text: string,
): RankedPage {
  const own = ranked.find((r) => r.page.id === page.id);
  if (own) return own;
  const language = languageOf(page.locale);
  const terms = queryTerms(text, language);
  const passages = index
    .pagePassages(page.id)
    .map((p) => ({ ...p, score: termsHeld(terms, `${p.heading} ${p.text} ${p.code}`, language) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, PASSAGES);
  return { page, score: 0, coverage: 0, passages };
}

/** `target` in the place of `stood`: its own ranking for the text, with `stood`'s score and coverage when higher. */
function standingFor(
  index: SearchIndex,
  target: IndexedPage,
  stood: RankedPage,
  ranked: readonly RankedPage[],
  text: string,
): RankedPage {
  const own = ownRanking(index, target, ranked, text);
  return {
    ...own,
    score: Math.max(stood.score, own.score),
    coverage: Math.max(stood.coverage, own.coverage),
  };
}

/**
 * Whether the text names a folder by its last segment, read as the index reads words, synonyms
 * included ("on mac" names `tldr/osx`).
 */
function namedFolders(text: string): (folder: string, locale: string) => boolean {
  const terms = new Map<string, Set<string>>();
  const termsIn = (locale: string) => {
    let set = terms.get(locale);
    if (!set) {
      set = new Set<string>();
      for (const term of queryTerms(text, languageOf(locale)))
        for (const t of [term, ...synonymsOf(term, locale)]) set.add(t);
      terms.set(locale, set);
    }
    return set;
  };
  return (folder, locale) => {
    const segment = processTerm(folder.slice(folder.lastIndexOf("/") + 1), languageOf(locale));
    return segment !== null && termsIn(locale).has(segment);
  };
}

/** `section` is an agent's (agent-settings.ts: without slashes at its ends). */
const within = (page: IndexedPage, section: string) => inSection({ section }, page.path);

/**
 * The ranked pages a grounded answer's prompt reads: each page once with its variants left out
 * (pages of its title in variant folders, PageDirectory.variantsOf: `tldr/linux/df` after
 * `tldr/common/df`). The ranking put the general one first (withStandIns); a variant would take
 * the place of another page while inviting the model to cite it. Namesakes in unrelated folders
 * (two teams' "FAQ") are both kept.
 */
export function forPrompt(index: SearchIndex, ranked: readonly RankedPage[]): RankedPage[] {
  const directory = index.directory();
  const kept: RankedPage[] = [];
  for (const r of ranked) {
    if (!kept.some((k) => directory.variantsOf(k.page).some((v) => v.id === r.page.id))) kept.push(r);
  }
  return kept;
}
