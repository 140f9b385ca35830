import type { InlineArticle } from "../core/inline-query.js";
import type { IndexedPage, SearchIndex } from "../wiki/search-index/index.js";
import type { Texts } from "../i18n/index.js";
import { agentTexts } from "./agent-language.js";
import { type AgentSettings, answersFrom, inSection, pageUrl } from "./agent-settings.js";
import { type AnswerPage, composeAnswer } from "./answer-compose.js";
import { distinctTitles } from "./related-pages.js";
import { localeOrder, pageLanguageNote, preferTranslations } from "./asker-locales.js";
import type { PageRef } from "../core/reply.js";
import { oneLine, shownDescription, splitTelegramHtml } from "./format/index.js";
import { withStandIns } from "./stand-ins.js";

/** Results per inline answer (Telegram allows 50; a short list reads better on a phone). */
export const INLINE_RESULTS_MAX = 10;
/** Longest description line under a result's title, in characters. */
const DESCRIPTION_MAX = 100;
/** A result id names its page: "p" and the page id (well under Telegram's 64 bytes). */
const RESULT_ID = /^p(\d{1,15})$/;

export interface InlineSearch {
  /**
   * Up to INLINE_RESULTS_MAX article results for an inline query, one per page, best first: the
   * page's best passage for the words, in the agent's answer HTML with the page link, and the
   * page as a rich message (the passage with what it introduces, the rest of the page in a
   * details block) as the agent's answer would be. Empty words
   * list the agent's most recently updated pages (their opening passage). Only the local index is
   * read (never the wiki), and only its pages are shown: published, non-private ones of the
   * agent's section and locale. [] while the index is not ready. Framed in `texts` (the asker's
   * language; default: the agent's). For an agent of several locales, a page's translation in the
   * asker's `language` (their Telegram `language_code`) stands for it (asker-locales.ts).
   */
  results(words: string, agent: AgentSettings, texts?: Texts, language?: string): InlineArticle[];
  /** The indexed page a result id names, for a chosen result; undefined when it is gone or not an id of ours. */
  pageOf(resultId: string): PageRef | undefined;
}

export function createInlineSearch(deps: { index: SearchIndex }): InlineSearch {
  const { index } = deps;

  /** `language`: the asker's, for the note on a page in another (asker-locales.ts). */
  function article(
    agent: AgentSettings,
    asker: { texts: Texts; language: string | undefined },
    main: AnswerPage & { page: IndexedPage },
  ): InlineArticle {
    const { texts } = asker;
    const note = pageLanguageNote(agent, asker.language, main.page.locale, texts);
    // The whole page's passages: the rich result brings the table a passage introduces and the
    // rest of the page in its details block, as an answer in a chat does.
    const whole = { ...main, all: index.pagePassages(main.page.id) };
    const { html, rich } = composeAnswer(agent, whole, [], note === undefined ? { texts } : { texts, note });
    const best = main.passages[0];
    const line = shownDescription(main.page) || (best ? oneLine(best.text) : "");
    return {
      id: `p${main.page.id}`,
      title: main.page.title,
      description: cut(line, DESCRIPTION_MAX),
      html: splitTelegramHtml(html)[0] ?? "",
      url: pageUrl(agent, main.page),
      rich,
    };
  }

  function recent(
    agent: AgentSettings,
    asker: { texts: Texts; language: string | undefined },
    order: readonly string[],
  ): InlineArticle[] {
    const listed = index
      .pages()
      .filter((p) => answersFrom(agent, p.locale) && inSection(agent, p.path))
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id - b.id));
    const pages = preferTranslations(listed, order, (p) => p).slice(0, INLINE_RESULTS_MAX);
    return pages.map((page) => {
      const opening = index.opening(page.id);
      return article(agent, asker, { page, score: 0, passages: opening ? [{ ...opening, score: 1 }] : [] });
    });
  }

  return {
    results(words, agent, texts = agentTexts(agent), language) {
      if (!index.ready) return [];
      const order = localeOrder(agent, language);
      const asker = { texts, language };
      if (words.trim() === "") return recent(agent, asker, order);
      const found = index.search(words, {
        section: agent.section,
        locales: agent.locales,
        limit: INLINE_RESULTS_MAX,
      });
      const ranked = withStandIns(index, found, { text: words, section: agent.section });
      return distinctTitles(preferTranslations(ranked, order, (r) => r.page)).map((r) =>
        article(agent, asker, r),
      );
    },
    pageOf(resultId) {
      const match = RESULT_ID.exec(resultId);
      if (!match) return undefined;
      const id = Number(match[1]);
      const page = index.pages().find((p) => p.id === id);
      return page ? { path: page.path, locale: page.locale, title: page.title } : undefined;
    },
  };
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
