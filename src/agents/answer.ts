import type { Logger } from "../log/logger.js";
import type { RankedPage, SearchIndex } from "../wiki/search-index/index.js";
import { readableNow } from "../wiki/readable.js";
import type { WikiPort } from "../wiki/types.js";
import type { AgentSettings } from "./agent-settings.js";
import {
  type AnswerPage,
  composeAnswer,
  composeChoices,
  composeEmptyQuestion,
  composeNotFound,
  composePageGone,
  FAILURE_HTML,
  searchedForNote,
} from "./answer-compose.js";
import { judgeConfidence } from "./answer-confidence.js";
import { answerFromWikiSearch } from "./answer-fallback.js";
import type { PageRef } from "../core/reply.js";
import type { Answer, Answerer } from "./answer-types.js";
import { splitPassages } from "../wiki/search-index/index.js";

export type { Answer, Answerer, AnswerSource } from "./answer-types.js";
export { CONFIDENT_SCORE, type Confidence, judgeConfidence } from "./answer-confidence.js";

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
        return {
          found: false,
          confidence: "none",
          html: composeEmptyQuestion(agent),
          sources: [],
          via: "none",
        };
      try {
        if (index.ready) return fromIndex(question, agent);
        const fallback = await answerFromWikiSearch(wiki, question, agent);
        logger?.debug(
          { agent: agent.id, found: fallback !== undefined },
          "answered from the wiki's own search",
        );
        if (!fallback) return notFound(question, agent);
        // A title search is a weaker match than the index's: never more than `weak`.
        return {
          found: true,
          confidence: "weak",
          via: "wiki-search",
          ...composeAnswer(agent, fallback.main, fallback.seeAlso, NOT_READY_NOTE),
        };
      } catch (error) {
        return failure(error);
      }
    },
    async answerPage(question, ref, agent) {
      try {
        return await pageAnswer(question, ref, agent);
      } catch (error) {
        return failure(error);
      }
    },
  };

  /**
   * The page's best passages for the question from the index, else its opening passage from the
   * wiki; a page made private or unpublished since it was offered counts as gone.
   */
  async function pageAnswer(question: string, ref: PageRef, agent: AgentSettings): Promise<Answer> {
    const ranked = index.ready
      ? index
          .search(question, { section: ref.path, locale: ref.locale, limit: 5 })
          .find((r) => r.page.path === ref.path)
      : undefined;
    const chosen = { found: true, confidence: "confident", via: "index" } as const;
    if (ranked) return { ...chosen, ...composeAnswer(agent, wholePage(ranked), []) };
    const page = await wiki.getPageByPath(ref.path, ref.locale);
    if (!page || !readableNow(page))
      return { found: false, confidence: "none", html: composePageGone(ref.title), sources: [], via: "none" };
    const all = splitPassages(page.content, page);
    const passages = all.slice(0, 1).map((p) => ({ ...p, score: 1 }));
    return { ...chosen, via: "wiki-search", ...composeAnswer(agent, { page, score: 0, passages, all }, []) };
  }

  /** The answering page with all its passages (the rich answer shows the rest of the page). */
  function wholePage(ranked: RankedPage): AnswerPage {
    return { ...toAnswerPage(ranked), all: index.pagePassages(ranked.page.id) };
  }

  function fromIndex(question: string, agent: AgentSettings): Answer {
    const { pages: ranked, searchedFor } = index.lookup(question, {
      section: agent.section,
      locales: agent.locales,
      limit: 3,
    });
    // A keyboard-layout or transliteration twin was searched: judged as, and said to be, that.
    const confidence = judgeConfidence(ranked, searchedFor ?? question);
    const twin = searchedFor === undefined ? {} : { searchedFor };
    const [best, ...rest] = ranked;
    if (!best || confidence === "none") return notFound(question, agent);
    // A weak match is not a dead end: the closest pages are offered as choices (one page alone
    // is no choice: it is answered, still marked weak). "Nothing found" is kept for questions
    // nothing in the wiki matches.
    if (confidence === "weak" && ranked.length > 1) {
      const offered = composeChoices(agent, ranked.map(toAnswerPage));
      return { found: true, confidence, via: "index", ...offered, choices: offered.sources, ...twin };
    }
    const note = searchedFor === undefined ? undefined : searchedForNote(searchedFor);
    return {
      found: true,
      confidence,
      via: "index",
      ...composeAnswer(agent, wholePage(best), rest.map(toAnswerPage), note),
      ...twin,
    };
  }
}

function failure(error: unknown): Answer {
  return { found: false, confidence: "none", html: FAILURE_HTML, sources: [], via: "none", error };
}

function notFound(question: string, agent: AgentSettings): Answer {
  return {
    found: false,
    confidence: "none",
    html: composeNotFound(question, agent),
    sources: [],
    via: "none",
  };
}

function toAnswerPage(ranked: RankedPage): AnswerPage {
  return { page: ranked.page, score: ranked.score, passages: ranked.passages };
}

export { describeWikiFailure } from "./wiki-failure.js";
