import type { Texts } from "../i18n/index.js";
import type { RankedPage } from "../wiki/search-index/index.js";
import type { AgentSettings } from "./agent-settings.js";
import { seeAlsoLine, toSources } from "./answer-compose.js";
import type { Answer } from "./answer-types.js";
import { chooseSeeAlso, distinctTitles } from "./related-pages.js";

/** Pages a grounded answer links to at most: the cited ones, then "See also" ones. */
const LINKED_PAGES = 3;

/**
 * A grounded answer with a "See also" line, as the answer without a model has one: after the
 * pages the model cited, the best-ranked pages it did not cite, among those chooseSeeAlso allows
 * beside the first cited page (pages it names, or neighbours in its part of the wiki), up to
 * LINKED_PAGES pages in all. When the model picked the wrong page of several close ones, the
 * right one is a tap away. The cited pages stay first, in the order cited.
 */
export function withSeeAlso(
  answer: Answer,
  ranked: readonly RankedPage[],
  deps: {
    agent: AgentSettings;
    texts: Texts;
    mentions: (pageId: number) => ReadonlySet<string>;
    keysOf: (page: { title: string; path: string }) => string[];
  },
): Answer {
  const first = answer.sources[0];
  const main = first && ranked.find((p) => same(p, first));
  const room = LINKED_PAGES - answer.sources.length;
  if (!main || room <= 0) return answer;
  const uncited = ranked.filter((p) => !answer.sources.some((s) => same(p, s)));
  const also = distinctTitles(chooseSeeAlso(main, deps.mentions(main.page.id), uncited, deps.keysOf)).slice(
    0,
    room,
  );
  if (also.length === 0) return answer;
  return {
    ...answer,
    html: `${answer.html}\n\n${seeAlsoLine(deps.agent, also, deps.texts)}`,
    sources: [...answer.sources, ...toSources(deps.agent, also)],
  };
}

/** The ranked page `p` is the source `s`. */
const same = (p: RankedPage, s: { path: string; locale: string }) =>
  p.page.path === s.path && p.page.locale === s.locale;

/**
 * A grounded answer whose cited pages (its sources, before "See also" is added) leave out the page
 * the ranking put first: the model and the search disagree, so the answer is not asserted. It is
 * kept, marked weak, and both pages are offered as choices (the first cited, then the first
 * ranked), a tap opening either. An answer citing the first ranked page is returned as it is.
 */
export function offeringBestWhenLeftOut(answer: Answer, best: RankedPage, agent: AgentSettings): Answer {
  const first = answer.sources[0];
  if (!first || answer.sources.some((s) => same(best, s))) return answer;
  return { ...answer, confidence: "weak", choices: [first, ...toSources(agent, [best])] };
}
