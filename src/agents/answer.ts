import type { Logger } from "../log/logger.js";
import type { RankedPage, SearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import type { AgentSettings } from "./agent-settings.js";
import {
  type AnswerPage,
  composeAnswer,
  composeEmptyQuestion,
  composeNotFound,
  FAILURE_HTML,
} from "./answer-compose.js";
import { answerFromWikiSearch } from "./answer-fallback.js";
import type { Answer, Answerer } from "./answer-types.js";

export type { Answer, Answerer, AnswerSource } from "./answer-types.js";

/**
 * A page answers when it covers at least this share of the question's terms (a synonym counts
 * half). Calibrated on bench/answer-quality: right answers cover 0.6 or more in almost every
 * case, off-topic questions rarely reach it. Below it the reply says honestly that nothing was found.
 */
export const MIN_COVERAGE = 0.55;

const NOT_READY_NOTE =
  "The search index is still being built: this answer comes from the wiki's title search.";

/**
 * Answers questions from the local index, or from the wiki's own search while the index is not
 * ready. See Answer for the error contract: wiki failures are returned, not thrown, and not logged here.
 */
export function createAnswerer(deps: { index: SearchIndex; wiki: WikiPort; logger?: Logger }): Answerer {
  const { index, wiki, logger } = deps;
  return {
    async answer(question, agent) {
      if (question.trim() === "")
        return { found: false, html: composeEmptyQuestion(agent), sources: [], via: "none" };
      try {
        if (index.ready) return fromIndex(question, agent);
        const fallback = await answerFromWikiSearch(wiki, question, agent);
        logger?.debug(
          { agent: agent.id, found: fallback !== undefined },
          "answered from the wiki's own search",
        );
        if (!fallback) return notFound(question, agent);
        return {
          found: true,
          via: "wiki-search",
          ...composeAnswer(agent, fallback.main, fallback.seeAlso, NOT_READY_NOTE),
        };
      } catch (error) {
        return { found: false, html: FAILURE_HTML, sources: [], via: "none", error };
      }
    },
  };

  function fromIndex(question: string, agent: AgentSettings): Answer {
    const ranked = index.search(question, { section: agent.section, locale: agent.locale, limit: 3 });
    const [best, ...rest] = ranked;
    if (!best || best.coverage < MIN_COVERAGE) return notFound(question, agent);
    const seeAlso = rest.filter((r) => r.coverage >= MIN_COVERAGE).map(toAnswerPage);
    return { found: true, via: "index", ...composeAnswer(agent, toAnswerPage(best), seeAlso) };
  }
}

function notFound(question: string, agent: AgentSettings): Answer {
  return { found: false, html: composeNotFound(question, agent), sources: [], via: "none" };
}

function toAnswerPage(ranked: RankedPage): AnswerPage {
  return { page: ranked.page, score: ranked.score, passages: ranked.passages };
}

export { describeWikiFailure } from "./wiki-failure.js";
