import type { RankedPage } from "../wiki/search-index/index.js";

/**
 * How sure the answerer is of its best page:
 * - `confident`: the page answers the question (shown as the answer);
 * - `weak`: something matches but may not answer it (still shown; a client may offer choices);
 * - `none`: nothing in the wiki matches the question at all ("I found nothing").
 */
export type Confidence = "confident" | "weak" | "none";

/**
 * The score (rank.ts: relevance × coverage ^ coordination × link prior …) from which the best page
 * is a confident answer. Calibrated on the tuning sets of bench/answer-quality (dev third, tuned
 * and held-out sets, the first ten off-topic questions): off-topic questions stay below it, all
 * but a few answerable ones reach it. It only separates confident from weak: a weak match is
 * still a match, never "nothing found".
 */
export const CONFIDENT_SCORE = 18;

/** The confidence of a result list (best first). Pure: the same ranking gives the same verdict. */
export function judgeConfidence(ranked: readonly RankedPage[]): Confidence {
  const best = ranked[0];
  if (!best) return "none";
  return best.score >= CONFIDENT_SCORE ? "confident" : "weak";
}
