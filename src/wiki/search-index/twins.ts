import type { RankedPage, SearchOutcome } from "./index-types.js";
import { layoutTwin, transliterated } from "./keyboard-layout.js";
import { isSlip } from "./plausibility.js";

/**
 * When a twin is tried and when it is used. A twin (the same keys on the other keyboard layout,
 * then Russian transliteration) is tried only when the question reads as a slip of it: implausible
 * as words of its own language, the twin plausible in the other's (plausibility.ts `isSlip`, by
 * letter statistics and known words, whatever the wiki holds), and only when what the question
 * finds as typed covers less than `tryBelow` of its words. A twin is then used when its best page
 * covers at least `margin` more of its words (clearly more), and at least `least`. So a correctly
 * typed question is never changed, however little the wiki holds in its language.
 */
export const TWINS = { tryBelow: 1, margin: 0.25, least: 0.3 } as const;

const best = (pages: readonly RankedPage[]) =>
  pages.length === 0 ? 0 : Math.max(...pages.map((p) => p.coverage));

/** The twins of a question, in the order they are tried (whether it reads as a slip of them or not). */
export function twinsOf(question: string): string[] {
  const out: string[] = [];
  for (const twin of [layoutTwin(question), transliterated(question)])
    if (twin !== undefined && twin.trim() !== "" && twin !== question && !out.includes(twin)) out.push(twin);
  return out;
}

/**
 * The question's results, or a twin's when the question reads as a slip of it, finds little as
 * typed, and the twin clearly more (TWINS). `search` ranks one text; `twin`: the text is a twin, whose words are not
 * guessed at further (query.ts `guesses`: a transliteration read back in Latin letters would be the
 * question as typed).
 */
export function searchWithTwins(
  question: string,
  search: (text: string, twin: boolean) => RankedPage[],
): SearchOutcome {
  const typed = search(question, false);
  const typedCoverage = best(typed);
  if (typedCoverage >= TWINS.tryBelow) return { pages: typed };
  let chosen: SearchOutcome = { pages: typed };
  let chosenCoverage = typedCoverage;
  for (const twin of twinsOf(question).filter((t) => isSlip(question, t))) {
    const pages = search(twin, true);
    const coverage = best(pages);
    if (coverage >= TWINS.least && coverage >= chosenCoverage + TWINS.margin) {
      chosen = { pages, searchedFor: twin };
      chosenCoverage = coverage;
    }
  }
  return chosen;
}
