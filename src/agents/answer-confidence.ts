import { processTerm, queryTerms, type RankedPage, tokenize } from "../wiki/search-index/index.js";

/**
 * How sure the answerer is of its best page:
 * - `confident`: the page answers the question (shown as the answer);
 * - `weak`: something matches but may not answer it (still shown; a client may offer choices);
 * - `none`: nothing in the wiki matches the question at all ("I found nothing").
 */
export type Confidence = "confident" | "weak" | "none";

/**
 * The score (rank.ts: relevance × coverage ^ coordination × link prior …) from which the best page
 * may be a confident answer. Calibrated on the tuning sets of bench/answer-quality (dev third, tuned
 * and held-out sets, the first ten off-topic questions): off-topic questions stay below it, all
 * but a few answerable ones reach it. It only separates confident from weak: a weak match is
 * still a match, never "nothing found".
 */
export const CONFIDENT_SCORE = 18;

/**
 * The share of the question's words (index terms) the best page must say in what a person wrote
 * about it, its title, description and the prose and headings of the passages shown, not in code
 * alone, to be confident: more than half. A page that matches an off-topic question's words
 * only in its commands ("what should I feed my cat" → a page about line feeds that pipes `cat`)
 * scores high but is not confident. Calibrated on the same sets as CONFIDENT_SCORE: on them it
 * turns the one confident off-topic answer weak, and 11 of 53 wrong best pages, for 12 of 102
 * right ones (those are still offered, first among the choices).
 */
export const STRONG_SHARE = 0.5;

/**
 * The confidence of a result list (best first) for the question. Pure: the same ranking and
 * question give the same verdict.
 */
export function judgeConfidence(ranked: readonly RankedPage[], question: string): Confidence {
  const best = ranked[0];
  if (!best) return "none";
  if (best.score < CONFIDENT_SCORE) return "weak";
  return strongShare(best, question) > STRONG_SHARE ? "confident" : "weak";
}

/**
 * Share (0–1) of the question's terms in the page's title, description and shown passages' prose
 * (a term also counts when a word there begins with it, from PREFIX_FROM characters).
 */
export function strongShare(best: RankedPage, question: string): number {
  const wanted = queryTerms(question);
  if (wanted.length === 0) return 0;
  const said = new Set<string>();
  const texts = [
    best.page.title,
    best.page.description,
    ...best.passages.flatMap((p) => [p.heading, p.text]),
  ];
  for (const text of texts)
    for (const word of tokenize(text)) {
      const term = processTerm(word);
      if (term !== null) said.add(term);
    }
  const says = (t: string) =>
    said.has(t) || (t.length >= PREFIX_FROM && [...said].some((s) => s.startsWith(t)));
  return wanted.filter(says).length / wanted.length;
}

/** A question term this long also counts when the page says a longer word it begins ("week" in "weekends"), as in the search. */
const PREFIX_FROM = 4;
