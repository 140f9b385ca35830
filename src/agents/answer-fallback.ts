import {
  keysFor,
  processTerm,
  queryTerms,
  termsHeld,
  referenceKeys,
  splitPassages,
  tokenize,
} from "../wiki/search-index/index.js";
import { chooseSeeAlso, distinctTitles } from "./related-pages.js";
import { type ReadableHit, readableHits } from "../wiki/readable.js";
import type { SearchHit, WikiPort } from "../wiki/types.js";
import { type AgentSettings, answersFrom, inSection } from "./agent-settings.js";
import type { AnswerPage } from "./answer-compose.js";

const MAX_KEYWORD_SEARCHES = 4;
/** Hits read to find the pages shown (the answer and two "see also"), private ones skipped. */
const MAX_PAGE_READS = 8;

type ScoredHit = SearchHit & { score: number };

/**
 * An answer from the wiki's own search, for while the local index is not ready. That search
 * matches the WHOLE query as a substring of titles, descriptions and paths (never content), so a
 * question rarely matches as a whole: then each of its longest words is searched (at most
 * MAX_KEYWORD_SEARCHES) and pages matching most words win. That search also returns private
 * pages: every hit is read and only `isReadable` pages are shown (their title, description and
 * link too). The best page's passages are ranked by the question's terms. Wiki errors propagate
 * (the answerer turns them into a polite reply).
 */
export async function answerFromWikiSearch(
  wiki: WikiPort,
  question: string,
  agent: AgentSettings,
): Promise<{ main: AnswerPage; seeAlso: AnswerPage[] } | undefined> {
  const hits = await searchWiki(wiki, question, agent);
  const [top, ...rest] = await readableHits(wiki, hits, { want: 3, maxReads: MAX_PAGE_READS });
  if (!top) return undefined;
  const terms = queryTerms(question);
  const all = splitPassages(top.page.content, top.page);
  const passages = all
    .map((p) => ({ ...p, score: termsHeld(terms, `${p.heading}\n${p.text}\n${p.code}`) }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  const asPage = ({ hit, page }: ReadableHit<ScoredHit>): AnswerPage => ({
    page: { path: page.path, locale: page.locale, title: page.title, description: page.description },
    score: hit.score,
    passages: [],
  });
  const main = { ...asPage(top), passages, all };
  const mentions = referenceKeys(top.page.content, top.page.title);
  const [shown, ...seeAlso] = distinctTitles([
    main,
    ...chooseSeeAlso(main, mentions, rest.map(asPage), keysFor),
  ]);
  return { main: shown!, seeAlso };
}

async function searchWiki(wiki: WikiPort, question: string, agent: AgentSettings): Promise<ScoredHit[]> {
  const text = question.trim();
  const keep = (hits: SearchHit[]) =>
    hits.filter((h) => inSection(agent, h.path) && answersFrom(agent, h.locale));
  // % and _ are wildcards there: such a question is searched word by word only.
  if (!/[%_]/.test(text)) {
    const whole = keep(await wiki.search(text, agent.locale));
    if (whole.length > 0) return whole.map((hit) => ({ ...hit, score: 1 }));
  }
  const words = [...new Set(tokenize(text).filter((w) => w.length >= 3 && processTerm(w) !== null))]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_KEYWORD_SEARCHES);
  const found = new Map<string, ScoredHit>();
  for (const word of words) {
    for (const hit of keep(await wiki.search(word, agent.locale))) {
      const key = `${hit.locale}/${hit.path}`;
      const entry = found.get(key) ?? { ...hit, score: 0 };
      entry.score += 1;
      found.set(key, entry);
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score || a.title.length - b.title.length);
}
