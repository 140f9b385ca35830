import { trimSlashes } from "../core/wiki-path.js";
import { titleKey } from "../wiki/search-index/index.js";

/** What choosing related pages reads of a page (an AnswerPage of answer-compose.ts is one). */
interface Shown {
  page: { title: string; path: string; description: string };
  passages: ReadonlyArray<{ markdown: string; score: number }>;
}

/**
 * The "See also" pages of an answer, in the order given: only candidates the answering page
 * names (its `mentions`: a link to the candidate's path, or the candidate's title as a command in
 * its code, matched through `keysOf`), or neighbours in its own part of the wiki (the same first
 * path segment: `handbook/...` beside `handbook/...`, `tldr/osx/ps` beside `tldr/common/ps`; a
 * page at the wiki's root has no neighbours). A page from another part of the wiki that merely
 * matched the question is never shown; when nothing qualifies the answer has no See also.
 */
export function chooseSeeAlso<T extends Shown>(
  main: Shown,
  mentions: ReadonlySet<string>,
  candidates: readonly T[],
  keysOf: (page: { title: string; path: string }) => string[],
): T[] {
  const part = partOf(main.page.path);
  return candidates.filter(
    (c) =>
      c.page.path !== main.page.path &&
      ((part !== "" && partOf(c.page.path) === part) || keysOf(c.page).some((k) => mentions.has(k))),
  );
}

/**
 * The pages offered beside `best` as choices, in the order given: those in its part of the wiki
 * (the same first path segment, as chooseSeeAlso's neighbours), so a weak match on the team's
 * handbook never offers the project's own docs, nor the other way round; and its namesakes in
 * other parts (the same title: two teams' "Printers"), which the asker may mean as well. A page at
 * the wiki's root has no part: then every page is kept.
 */
export function withinPartOf<T extends { page: { path: string; title: string } }>(
  best: T,
  ranked: readonly T[],
): T[] {
  const part = partOf(best.page.path);
  if (part === "") return [...ranked];
  const title = titleKey(best.page.title);
  return ranked.filter((r) => partOf(r.page.path) === part || titleKey(r.page.title) === title);
}

/** The first path segment of a page in a folder; "" for a page at the root. */
function partOf(path: string): string {
  const segments = trimSlashes(path).split("/");
  return segments.length > 1 ? segments[0]! : "";
}

const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, " ") === b.trim().replace(/\s+/g, " ");

/**
 * Pages listed together (buttons, links, inline results), best first, told apart when titles
 * repeat. Rule: two pages with the same title (case and spacing aside) whose shown answer is the
 * same (same description and same best passage) are one page: the better-ranked one is kept.
 * Other pages sharing a title get the path segment that tells them apart, after a middle dot
 * ("cat · osx", "On-call · support"): the first folder where their paths differ, or the whole
 * path when no folder does. Pages with a title of their own are left as they are.
 */
export function distinctTitles<T extends Shown>(pages: readonly T[]): T[] {
  const kept: T[] = [];
  for (const p of pages) {
    if (!kept.some((k) => titleKey(k.page.title) === titleKey(p.page.title) && sameAnswer(k, p)))
      kept.push(p);
  }
  return kept.map((p) => {
    const twins = kept.filter((k) => titleKey(k.page.title) === titleKey(p.page.title));
    if (twins.length < 2) return p;
    const label = distinguishing(
      p.page.path,
      twins.map((t) => t.page.path),
    );
    return { ...p, page: { ...p.page, title: `${p.page.title} · ${label}` } };
  });
}

function sameAnswer(a: Shown, b: Shown): boolean {
  const best = (p: Shown) => [...p.passages].sort((x, y) => y.score - x.score)[0]?.markdown ?? "";
  return sameText(a.page.description, b.page.description) && sameText(best(a), best(b));
}

/** The segment of `path` at the first position where the paths differ (folders first). */
function distinguishing(path: string, paths: string[]): string {
  const split = (p: string) => trimSlashes(p).split("/");
  const own = split(path);
  const others = paths.filter((p) => p !== path).map(split);
  for (let i = 0; i < own.length - 1; i++) {
    if (others.some((o) => o[i] !== own[i])) return own[i]!;
  }
  return trimSlashes(path);
}
