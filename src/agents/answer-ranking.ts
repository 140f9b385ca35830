import type { SearchIndex } from "../wiki/search-index/index.js";
import type { AgentSettings } from "./agent-settings.js";
import { judgeConfidence } from "./answer-confidence.js";
import { localeOrder, preferredLocale, preferTranslations } from "./asker-locales.js";
import { fusedConfidence, fuseRuns, type RankedRun } from "./fused-ranking.js";

/** Results of each query that the fusion of question and rewrite looks at. */
const FUSION_DEPTH = 10;
/**
 * The question's weight in the fusion, against the rewrite's 1: the rewrite's order leads, and the
 * question's own results only fill in after it (and order what the rewrite did not find). Measured
 * on the dev sets of bench/answer-quality (tuned, peopleDev) with the recorded rewrites: equal
 * weights 85 / 71.4 % top-1 and 8.3 / 17.1 % confidently wrong; 0.5: 86.7 / 71.4 %; 0.25: 83.3 /
 * 72.9 %; this: 83.3 / 85.7 % top-1, 98.3 / 97.1 % top-3, 13.3 / 5.7 % confidently wrong.
 */
const QUESTION_WEIGHT = 0.001;
/** Pages read for an answer: the best one, then candidates for its "See also" (chooseSeeAlso). */
const SEE_ALSO_CANDIDATES = 5;

const CONFIDENCE_ORDER = { none: 0, weak: 1, confident: 2 } as const;

/**
 * For an agent of several locales, the ranking an asker gets: first among the pages of their
 * language (asker-locales.ts `preferredLocale`); when that finds no confident answer, among all
 * of the agent's pages, a page's translation in the asker's language (else the earlier of the
 * agent's locales) standing for it, and used when it is surer. An agent of one locale ranks once.
 */
export function rankForAsker(
  index: SearchIndex,
  question: string,
  agent: AgentSettings,
  words: string | undefined,
  language: string | undefined,
) {
  const preferred = preferredLocale(agent, language);
  if (preferred === undefined) return rankFor(index, question, agent, words, agent.locales);
  const own = rankFor(index, question, agent, words, [preferred]);
  if (own.confidence === "confident") return own;
  const all = rankFor(index, question, agent, words, agent.locales);
  const wider = {
    ...all,
    ranked: preferTranslations(all.ranked, localeOrder(agent, language), (r) => r.page),
  };
  return CONFIDENCE_ORDER[wider.confidence] > CONFIDENCE_ORDER[own.confidence] ? wider : own;
}

/**
 * The question's results (or its keyboard-layout or transliteration twin's), fused with those
 * of the model's words when there are any; among pages of `locales`.
 */
function rankFor(
  index: SearchIndex,
  question: string,
  agent: AgentSettings,
  words: string | undefined,
  locales: string[],
) {
  const scope = { section: agent.section, locales };
  const asked = index.lookup(question, {
    ...scope,
    limit: words === undefined ? SEE_ALSO_CANDIDATES : FUSION_DEPTH,
  });
  const searchedFor = asked.searchedFor;
  if (words === undefined)
    return {
      ranked: asked.pages,
      confidence: judgeConfidence(asked.pages, searchedFor ?? question),
      searchedFor,
    };
  const runs: RankedRun[] = [
    { query: words, ranked: index.lookup(words, { ...scope, limit: FUSION_DEPTH }).pages, weight: 1 },
    { query: searchedFor ?? question, ranked: asked.pages, weight: QUESTION_WEIGHT },
  ];
  const ranked = fuseRuns(runs, SEE_ALSO_CANDIDATES);
  return { ranked, confidence: fusedConfidence(ranked, runs), searchedFor: undefined };
}
