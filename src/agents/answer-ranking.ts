import type { RankedPage, SearchIndex } from "../wiki/search-index/index.js";
import type { AgentSettings } from "./agent-settings.js";
import { type Confidence, judgeConfidence } from "./answer-confidence.js";
import { localeOrder, preferredLocale, preferTranslations } from "./asker-locales.js";
import { fusedConfidence, fuseRuns, type RankedRun } from "./fused-ranking.js";
import { namedPages, withStandIns } from "./stand-ins.js";

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
 * of the model's words when there are any; among pages of `locales`; each page's stand-in (an
 * alias page's original, the general page of namesakes: stand-ins.ts) in its place.
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
  const text = searchedFor ?? question;
  if (words === undefined)
    return {
      ranked: withStandIns(index, asked.pages, { text, section: agent.section }),
      confidence: judgeConfidence(asked.pages, text),
      searchedFor,
    };
  const runs: RankedRun[] = [
    { query: words, ranked: index.lookup(words, { ...scope, limit: FUSION_DEPTH }).pages, weight: 1 },
    { query: text, ranked: asked.pages, weight: QUESTION_WEIGHT },
  ];
  const fused = fuseRuns(runs, SEE_ALSO_CANDIDATES);
  const firstPart = fused[0] === undefined ? undefined : partOf(fused[0].page.path, agent.section);
  const named = namedPages(index, words, [...fused, ...runs[0]!.ranked], {
    section: agent.section,
    locales: fusedLocales(fused, locales),
  }).filter((r) => firstPart === undefined || partOf(r.page.path, agent.section) === firstPart);
  const ranked = withStandIns(
    index,
    [...named, ...fused],
    { text: words, asked: text, section: agent.section },
    SEE_ALSO_CANDIDATES,
  );
  return { ranked, confidence: shownConfidence(ranked, fused, runs), searchedFor: undefined };
}

/** The locales named pages are looked up in: the agent's, or for "*" those of the pages found. */
const fusedLocales = (fused: readonly { page: { locale: string } }[], locales: string[]) =>
  locales.includes("*") ? [...new Set(fused.map((r) => r.page.locale))] : locales;

/**
 * The part of the wiki a page is in, below the agent's section: the first folder under it. The
 * model's page names come from what it knows (commands, tools), not from the wiki: they lead only
 * within the part the search put first, never away from it (a team's own handbook page the search
 * found first stays first when the model names a command).
 */
function partOf(path: string, section: string): string {
  return path.slice(section.length).replace(/^\/+/, "").split("/")[0] ?? "";
}

/**
 * The confidence of the page shown first: the fused list's when it leads; else (a page the words
 * name, or a stand-in) confident only when the fused list's is and its own entry, judged against
 * the words, is too (never when no run found it: score 0): a page only the model named is
 * offered, not asserted.
 */
function shownConfidence(
  ranked: readonly RankedPage[],
  fused: readonly RankedPage[],
  runs: readonly RankedRun[],
): Confidence {
  const shown = ranked[0];
  const fusedVerdict = fusedConfidence(fused, runs);
  if (!shown || shown.page.id === fused[0]?.page.id) return fusedVerdict;
  const own = judgeConfidence([shown], runs[0]!.query);
  return fusedVerdict === "confident" && own === "confident" && shown.score > 0 ? "confident" : "weak";
}
