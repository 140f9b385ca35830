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
  composeFailure,
  composePageGone,
  searchedForNote,
} from "./answer-compose.js";
import { agentTexts } from "./agent-language.js";
import type { Texts } from "../i18n/index.js";
import { judgeConfidence } from "./answer-confidence.js";
import { answerFromWikiSearch } from "./answer-fallback.js";
import type { PageRef } from "../core/reply.js";
import type { Answer, AnswerContext, Answerer } from "./answer-types.js";
import { fusedConfidence, fuseRuns, type RankedRun } from "./fused-ranking.js";
import type { Grounder } from "./grounded-answer.js";
import type { QuestionRewriter } from "./question-rewriter.js";
import { keysFor, splitPassages } from "../wiki/search-index/index.js";
import { chooseSeeAlso, distinctTitles } from "./related-pages.js";

export type { Answer, Answerer, AnswerSource } from "./answer-types.js";
export { CONFIDENT_SCORE, type Confidence, judgeConfidence } from "./answer-confidence.js";

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
/** Pages offered as choices to a weak match. */
const CHOICES = 3;
/** Pages read for an answer: the best one, then candidates for its "See also" (chooseSeeAlso). */
const SEE_ALSO_CANDIDATES = 5;

/**
 * Answers questions from the local index, or from the wiki's own search while the index is not
 * ready. See Answer for the error contract: wiki failures are returned, not thrown, and not logged here.
 */
export function createAnswerer(deps: {
  index: SearchIndex;
  wiki: WikiPort;
  logger?: Logger;
  /** Without it, or for an agent whose modelUse is "off", answers are as without a model. */
  rewriter?: QuestionRewriter;
  /** For agents whose modelUse is "answer": the model's answer from the passages. */
  grounder?: Grounder;
}): Answerer {
  const { index, wiki, logger } = deps;
  return {
    async answer(question, agent, context) {
      const texts = context?.texts ?? agentTexts(agent);
      if (question.trim() === "")
        return {
          found: false,
          confidence: "none",
          html: composeEmptyQuestion(agent, texts),
          sources: [],
          via: "none",
        };
      try {
        if (index.ready) {
          const rewrite = await rewriteOf(deps.rewriter, question, agent, context);
          return await fromIndex(question, agent, rewrite.words, {
            texts,
            context,
            modelFailed: rewrite.modelFailed,
          });
        }
        const fallback = await answerFromWikiSearch(wiki, question, agent);
        logger?.debug(
          { agent: agent.id, found: fallback !== undefined },
          "answered from the wiki's own search",
        );
        if (!fallback) return notFound(question, agent, texts);
        // A title search is a weaker match than the index's: never more than `weak`.
        const note = texts.plain("answer.fromTitleSearch");
        return {
          found: true,
          confidence: "weak",
          via: "wiki-search",
          ...composeAnswer(agent, fallback.main, fallback.seeAlso, { texts, note }),
        };
      } catch (error) {
        return failure(error, texts);
      }
    },
    async answerPage(question, ref, agent, texts = agentTexts(agent)) {
      try {
        return await pageAnswer(question, ref, agent, texts);
      } catch (error) {
        return failure(error, texts);
      }
    },
  };

  /**
   * The page's best passages for the question from the index, else its opening passage from the
   * wiki; a page made private or unpublished since it was offered counts as gone.
   */
  async function pageAnswer(
    question: string,
    ref: PageRef,
    agent: AgentSettings,
    texts: Texts,
  ): Promise<Answer> {
    const ranked = index.ready
      ? index
          .search(question, { section: ref.path, locale: ref.locale, limit: 5 })
          .find((r) => r.page.path === ref.path)
      : undefined;
    const chosen = { found: true, confidence: "confident", via: "index" } as const;
    if (ranked) return { ...chosen, ...composeAnswer(agent, wholePage(ranked), [], { texts }) };
    const page = await wiki.getPageByPath(ref.path, ref.locale);
    if (!page || !readableNow(page))
      return {
        found: false,
        confidence: "none",
        html: composePageGone(ref.title, texts),
        sources: [],
        via: "none",
      };
    const all = splitPassages(page.content, page);
    const passages = all.slice(0, 1).map((p) => ({ ...p, score: 1 }));
    return {
      ...chosen,
      via: "wiki-search",
      ...composeAnswer(agent, { page, score: 0, passages, all }, [], { texts }),
    };
  }

  /** The answering page with all its passages (the rich answer shows the rest of the page). */
  function wholePage(ranked: RankedPage): AnswerPage {
    return { ...toAnswerPage(ranked), all: index.pagePassages(ranked.page.id) };
  }

  async function fromIndex(
    question: string,
    agent: AgentSettings,
    words: string | undefined,
    asked: { texts: Texts; context: AnswerContext | undefined; modelFailed?: boolean },
  ): Promise<Answer> {
    const { texts, context } = asked;
    const { ranked, confidence, searchedFor } = rankFor(index, question, agent, words);
    // A keyboard-layout or transliteration twin was searched: judged as, and said to be, that.
    const twin = searchedFor === undefined ? {} : { searchedFor };
    const [best, ...rest] = ranked;
    if (!best || confidence === "none") return notFound(question, agent, texts);
    const grounded = asked.modelFailed
      ? undefined
      : await deps.grounder?.ground(question, agent, ranked, context);
    if (grounded) return grounded;
    // A weak match is not a dead end: the closest pages are offered as choices (one page alone
    // is no choice: it is answered, still marked weak). "Nothing found" is kept for questions
    // nothing in the wiki matches.
    const offered = distinctTitles(ranked.slice(0, CHOICES).map(toAnswerPage));
    if (confidence === "weak" && offered.length > 1) {
      const composed = composeChoices(agent, offered, texts);
      return { found: true, confidence, via: "index", ...composed, choices: composed.sources, ...twin };
    }
    const note = searchedFor === undefined ? undefined : searchedForNote(searchedFor, texts);
    const seeAlso = chooseSeeAlso(best, index.mentions(best.page.id), rest, keysFor);
    const [main, ...also] = distinctTitles([wholePage(best), ...seeAlso.map(toAnswerPage)]);
    return {
      found: true,
      confidence,
      via: "index",
      ...composeAnswer(agent, main!, also, note === undefined ? { texts } : { texts, note }),
      ...twin,
    };
  }
}

/**
 * The model's search words for the question (none without a model or when it failed), and
 * whether the call failed: then the model is not asked again for this question's answer, so a
 * model that is down or slow costs one timeout, not two.
 */
async function rewriteOf(
  rewriter: QuestionRewriter | undefined,
  question: string,
  agent: AgentSettings,
  context: AnswerContext | undefined,
): Promise<{ words: string | undefined; modelFailed: boolean }> {
  if (!rewriter || agent.modelUse === "off") return { words: undefined, modelFailed: false };
  const rewrite = await rewriter.rewrite(question, agent, context?.account ?? "", context?.signal);
  if ("words" in rewrite) return { words: rewrite.words, modelFailed: false };
  return {
    words: undefined,
    modelFailed: rewrite.fallback !== "no-model" && rewrite.fallback !== "model-unusable-reply",
  };
}

function failure(error: unknown, texts: Texts): Answer {
  return { found: false, confidence: "none", html: composeFailure(texts), sources: [], via: "none", error };
}

function notFound(question: string, agent: AgentSettings, texts: Texts): Answer {
  return {
    found: false,
    confidence: "none",
    html: composeNotFound(question, agent, texts),
    sources: [],
    via: "none",
  };
}

function toAnswerPage(ranked: RankedPage): AnswerPage {
  return { page: ranked.page, score: ranked.score, passages: ranked.passages };
}

export { describeWikiFailure } from "./wiki-failure.js";

/**
 * The question's results (or its keyboard-layout or transliteration twin's), fused with those
 * of the model's words when there are any.
 */
function rankFor(index: SearchIndex, question: string, agent: AgentSettings, words: string | undefined) {
  const scope = { section: agent.section, locales: agent.locales };
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
