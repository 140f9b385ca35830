import type { PageRef } from "../core/reply.js";
import type { Texts } from "../i18n/index.js";
import { readableNow } from "../wiki/readable.js";
import { type RankedPage, type SearchIndex, splitPassages } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import type { AgentSettings } from "./agent-settings.js";
import { type AnswerPage, composeAnswer, composePageGone } from "./answer-compose.js";
import type { Answer } from "./answer-types.js";
import { pageLanguageNote } from "./asker-locales.js";

/** A ranked page as the composer takes it: its best passages for the question. */
export function toAnswerPage(ranked: RankedPage): AnswerPage {
  return { page: ranked.page, score: ranked.score, passages: ranked.passages };
}

/** The answering page with all its passages (the rich answer shows the rest of the page). */
export function wholePage(index: SearchIndex, ranked: RankedPage): AnswerPage {
  return { ...toAnswerPage(ranked), all: index.pagePassages(ranked.page.id) };
}

/**
 * A chosen page's answer (a tapped choice, `/page`): the page's best passages for the question
 * from the index, else its opening passage from the wiki; a page made private or unpublished
 * since it was offered counts as gone. Wiki failures are thrown, for the caller to answer.
 */
export async function answerFromPage(
  deps: { index: SearchIndex; wiki: WikiPort },
  question: string,
  ref: PageRef,
  agent: AgentSettings,
  asked: { texts: Texts; language: string | undefined },
): Promise<Answer> {
  const { index, wiki } = deps;
  const { texts } = asked;
  const note = pageLanguageNote(agent, asked.language, ref.locale, texts);
  const framing = note === undefined ? { texts } : { texts, note };
  const ranked = index.ready
    ? index
        .search(question, { section: ref.path, locale: ref.locale, limit: 5 })
        .find((r) => r.page.path === ref.path)
    : undefined;
  const chosen = { found: true, confidence: "confident", via: "index" } as const;
  if (ranked) return { ...chosen, ...composeAnswer(agent, wholePage(index, ranked), [], framing) };
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
    ...composeAnswer(agent, { page, score: 0, passages, all }, [], framing),
  };
}
