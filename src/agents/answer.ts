import type { Logger } from "../log/logger.js";
import type { SearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import type { AgentSettings } from "./agent-settings.js";
import {
  composeAnswer,
  composeChoices,
  composeEmptyQuestion,
  composeNotFound,
  composeFailure,
  searchedForNote,
} from "./answer-compose.js";
import { agentTexts } from "./agent-language.js";
import type { Texts } from "../i18n/index.js";
import { answerFromWikiSearch } from "./answer-fallback.js";
import type { Answer, AnswerContext, Answerer } from "./answer-types.js";
import type { Grounder } from "./grounded-answer.js";
import { offeringBestWhenLeftOut, withSeeAlso } from "./grounded-see-also.js";
import type { QuestionRewriter } from "./question-rewriter.js";
import { keysFor } from "../wiki/search-index/index.js";
import { chooseSeeAlso, distinctTitles, withinPartOf } from "./related-pages.js";
import { pageLanguageNote } from "./asker-locales.js";
import { answerFromPage, toAnswerPage, wholePage } from "./page-answer.js";
import { rankForAsker } from "./answer-ranking.js";
import { forPrompt } from "./stand-ins.js";
import { languageWithoutPages } from "./question-language.js";
import { planSearch, type SearchPlan } from "./follow-up-search.js";

export type { Answer, Answerer, AnswerSource } from "./answer-types.js";
export { CONFIDENT_SCORE, type Confidence, judgeConfidence } from "./answer-confidence.js";

/** Pages offered as choices to a weak match. */
const CHOICES = 3;

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
          const plan = planSearch(index, question, agent, {
            words: rewrite.words,
            earlier: context?.earlier ?? [],
            logger,
          });
          return await fromIndex(question, agent, rewrite.words, {
            texts,
            context,
            modelFailed: rewrite.modelFailed,
            plan,
          });
        }
        return await fromTitleSearch(wiki, question, agent, { texts, logger });
      } catch (error) {
        return failure(error, texts);
      }
    },
    async answerPage(question, ref, agent, texts = agentTexts(agent), language) {
      try {
        return await answerFromPage({ index, wiki }, question, ref, agent, { texts, language });
      } catch (error) {
        return failure(error, texts);
      }
    },
  };

  async function fromIndex(
    question: string,
    agent: AgentSettings,
    words: string | undefined,
    asked: { texts: Texts; context: AnswerContext | undefined; modelFailed?: boolean; plan: SearchPlan },
  ): Promise<Answer> {
    const { texts, context, plan } = asked;
    const searched = plan.searched === undefined ? {} : { searched: plan.searched };
    const found = rankForAsker(index, plan.text, agent, words, context?.language);
    const { ranked, searchedFor } = found;
    // A keyboard-layout or transliteration twin was searched: judged as, and said to be, that.
    const twin = searchedFor === undefined ? {} : { searchedFor };
    const [best, ...rest] = ranked;
    if (!best || found.confidence === "none")
      return {
        ...notFound(
          question,
          agent,
          texts,
          languageWithoutPages(question, agent, () => index.pages()),
        ),
        ...searched,
      };
    const grounded = asked.modelFailed
      ? undefined
      : await deps.grounder?.ground(question, agent, forPrompt(index, ranked), context);
    if (grounded && "answer" in grounded)
      return {
        ...withSeeAlso(offeringBestWhenLeftOut(grounded.answer, best, agent), ranked, {
          agent,
          texts,
          mentions: (id) => index.mentions(id),
          keysOf: keysFor,
        }),
        ...searched,
      };
    // The model read the best pages' passages and found no answer there: the ranking's best page
    // is not asserted, it is offered among the closest pages.
    const confidence = grounded && "declined" in grounded ? "weak" : found.confidence;
    // A weak match is not a dead end: the closest pages are offered as choices (one page alone
    // is no choice: it is answered, still marked weak). "Nothing found" is kept for questions
    // nothing in the wiki matches.
    const offered = distinctTitles(withinPartOf(best, ranked).slice(0, CHOICES).map(toAnswerPage));
    if (confidence === "weak" && offered.length > 1) {
      const composed = composeChoices(agent, offered, texts);
      return {
        found: true,
        confidence,
        via: "index",
        ...composed,
        choices: composed.sources,
        ...twin,
        ...searched,
      };
    }
    const note = answerNote(
      agent,
      { texts, language: context?.language },
      { searchedFor, plan },
      best.page.locale,
    );
    const seeAlso = chooseSeeAlso(best, index.mentions(best.page.id), rest, keysFor);
    const [main, ...also] = distinctTitles([wholePage(index, best), ...seeAlso.map(toAnswerPage)]);
    return {
      found: true,
      confidence,
      via: "index",
      ...composeAnswer(agent, main!, also, note === undefined ? { texts } : { texts, note }),
      ...twin,
      ...searched,
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
  const rewrite = await rewriter.rewrite(
    question,
    agent,
    context?.account ?? "",
    context?.signal,
    context?.earlier,
  );
  if ("words" in rewrite) return { words: rewrite.words, modelFailed: false };
  return {
    words: undefined,
    modelFailed: rewrite.fallback !== "no-model" && rewrite.fallback !== "model-unusable-reply",
  };
}

/** The answer from the wiki's own title search, while the index is not ready. */
async function fromTitleSearch(
  wiki: WikiPort,
  question: string,
  agent: AgentSettings,
  asked: { texts: Texts; logger: Logger | undefined },
): Promise<Answer> {
  const { texts } = asked;
  const fallback = await answerFromWikiSearch(wiki, question, agent);
  asked.logger?.debug(
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
}

function failure(error: unknown, texts: Texts): Answer {
  return { found: false, confidence: "none", html: composeFailure(texts), sources: [], via: "none", error };
}

/** `noPageIn`: the question's language when none of the agent's pages is in it (composeNotFound). */
function notFound(question: string, agent: AgentSettings, texts: Texts, noPageIn?: string): Answer {
  return {
    found: false,
    confidence: "none",
    html: composeNotFound(question, agent, texts, noPageIn),
    sources: [],
    via: "none",
  };
}

/**
 * The note under an answer: the turn a follow-up was read with (without a model), what was
 * searched when a twin of the question was, and that the page is in another language than the
 * asker's (asker-locales.ts); undefined when none.
 */
function answerNote(
  agent: AgentSettings,
  asker: { texts: Texts; language: string | undefined },
  read: { searchedFor: string | undefined; plan: SearchPlan },
  pageLocale: string,
): string | undefined {
  const { searchedFor, plan } = read;
  const notes = [
    plan.followingUp === undefined
      ? undefined
      : asker.texts.plain("answer.followingUp", { topic: plan.followingUp }),
    searchedFor === undefined ? undefined : searchedForNote(searchedFor, asker.texts),
    pageLanguageNote(agent, asker.language, pageLocale, asker.texts),
  ].filter((n) => n !== undefined);
  return notes.length === 0 ? undefined : notes.join("\n");
}

export { describeWikiFailure } from "./wiki-failure.js";
