import type { RankedPage } from "../wiki/search-index/index.js";
import { type Confidence, judgeConfidence } from "./answer-confidence.js";

/** Reciprocal rank fusion's constant (Cormack et al. 2009): ranks far down count little, never nothing. */
export const RRF_K = 60;

/** One query's results and what they weigh in the fusion. */
export interface RankedRun {
  query: string;
  ranked: readonly RankedPage[];
  weight: number;
}

/**
 * Reciprocal rank fusion of several queries' results (the question as asked, the model's
 * rewrite): a page scores Σ weight / (RRF_K + rank) over the runs that found it. Each page keeps
 * the entry (score, passages) of the run that ranked it highest, since scores only compare
 * within one query. Ties keep the order of the runs given. Pure.
 */
export function fuseRuns(runs: readonly RankedRun[], limit: number): RankedPage[] {
  const fused = new Map<string, { entry: RankedPage; score: number; bestRank: number }>();
  for (const run of runs)
    run.ranked.forEach((entry, rank) => {
      const key = pageKey(entry);
      const found = fused.get(key);
      const share = run.weight / (RRF_K + rank + 1);
      if (!found) fused.set(key, { entry, score: share, bestRank: rank });
      else {
        found.score += share;
        if (rank < found.bestRank) Object.assign(found, { entry, bestRank: rank });
      }
    });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((f) => f.entry);
}

/**
 * The confidence of a fused list: that of the run whose own first page leads the fused list,
 * judged against that run's query (the rewrite's words or the question); weak when neither run
 * put it first.
 */
export function fusedConfidence(fused: readonly RankedPage[], runs: readonly RankedRun[]): Confidence {
  const best = fused[0];
  if (!best) return "none";
  const verdicts = runs
    .filter((run) => run.ranked[0] !== undefined && pageKey(run.ranked[0]) === pageKey(best))
    .map((run) => judgeConfidence(run.ranked, run.query));
  if (verdicts.includes("confident")) return "confident";
  return "weak";
}

const pageKey = (entry: RankedPage) => `${entry.page.locale}/${entry.page.path}`;
