import { PAGE_FIELD, PAGE_FIELDS } from "./page-entry.js";
import type { Postings } from "./postings.js";
import type { ParsedQuery } from "./query.js";
import type { SectionWordSettings } from "./settings.js";
import type { TermDictionary } from "./term-dictionary.js";

/**
 * Section words: a word in many pages' paths that is not in their titles ("linux" in
 * tldr/linux/mount, "security" in handbook/security/access) names a part of the wiki. A question
 * that says it ("on linux", or "on mac" through its synonym "osx") tells where to look, not what
 * the page must say: pages under such a path are preferred (score × (1 + preference)), the path
 * match itself earns no term score, and the word is left out of coverage, so pages that do not
 * repeat it are not punished for that.
 *
 * A word is a section word when at least `minShare` of the pages (and at least `minPages`) have it
 * in their path but not in their title: judged from the page postings, once per term and freeze.
 * On the tuning sets of bench/answer-quality, preference 3 (×4): dev +1 top-1 and +1 top-3, tuned
 * +1 top-3, against no section words; preference 0–1.5 lost a top-3 on the tuned set ("on mac" →
 * pbcopy), 2 was the same as 3 before the anchor text (anchors.ts) and one tuned top-3 less after.
 * `enabled: false` turns the signal off (the section word is then an ordinary question word).
 * The numbers are `sectionWords` of the ranking settings (settings.ts).
 */

/** Whether term `t` is a section word (above): O(postings of the term) when it is in enough paths. */
export function isSectionWord(pages: Postings, settings: SectionWordSettings, t: number): boolean {
  if (!settings.enabled || t >= pages.terms) return false;
  const F = PAGE_FIELDS.length;
  const least = Math.max(settings.minPages, settings.minShare * pages.docs);
  if (pages.fieldDf[t * F + PAGE_FIELD.path]! < least) return false;
  let n = 0;
  for (let i = pages.termStart[t]!; i < pages.termStart[t + 1]!; i++)
    if (pages.postTf[i * F + PAGE_FIELD.path]! > 0 && pages.postTf[i * F + PAGE_FIELD.title] === 0) n++;
  return n >= least;
}

/** What a question's section words change in ranking (rank.ts). */
export interface QuestionSections {
  /** Bit mask over the question's terms: those left out of coverage. */
  ignored: number;
  /** The section words the question names, itself or through a synonym (term ids). */
  sections: number[];
}

const NONE: QuestionSections = { ignored: 0, sections: [] };

/**
 * The section words of a question (`isSection`: isSectionWord of the term with that id in `dict`). A
 * question made of section words only keeps them all as ordinary words in coverage (coverage needs
 * something to count).
 */
export function questionSections(
  dict: TermDictionary,
  isSection: (t: number) => boolean,
  query: ParsedQuery,
  counted: number,
  settings: SectionWordSettings,
): QuestionSections {
  if (!settings.enabled) return NONE;
  // `counted` is at most MAX_COUNTED (30), so the mask fits a 31-bit integer.
  const all = (1 << counted) - 1;
  let ignored = 0;
  const sections: number[] = [];
  for (const [term, mask] of query.covers) {
    const id = dict.find(term);
    // A compound covers two question words: it names a page, not a section.
    if (id === undefined || mask === 0 || (mask & (mask - 1)) !== 0 || !isSection(id)) continue;
    sections.push(id);
    ignored |= mask & all;
  }
  if (sections.length === 0) return NONE;
  return { ignored: ignored === all ? 0 : ignored, sections };
}

/**
 * Sets `out[page] = 1` for every page (position in the postings) whose path holds one of the
 * section words: one walk of their page postings, no allocation. The caller clears `out` after use.
 */
export function markSectionPages(pages: Postings, sections: readonly number[], out: Uint8Array): void {
  const F = PAGE_FIELDS.length;
  for (const t of sections) {
    if (t >= pages.terms) continue;
    for (let i = pages.termStart[t]!; i < pages.termStart[t + 1]!; i++)
      if (pages.postTf[i * F + PAGE_FIELD.path]! > 0) out[pages.postDoc[i]!] = 1;
  }
}
