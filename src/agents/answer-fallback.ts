import { processTerm, queryTerms, splitPassages, tokenize } from "../wiki/search-index/index.js";
import type { SearchHit, WikiPort } from "../wiki/types.js";
import { type AgentSettings, inSection } from "./agent-settings.js";
import type { AnswerPage } from "./answer-compose.js";
import { readableHits } from "./readable-hits.js";

const MAX_KEYWORD_SEARCHES = 4;

/**
 * An answer from the wiki's own search, for while the local index is not ready. That search
 * matches the WHOLE query as a substring of titles, descriptions and paths (never content), so a
 * question rarely matches as a whole: then each of its longest words is searched (at most
 * MAX_KEYWORD_SEARCHES) and pages matching most words win. The best pages are read (only the
 * ones readers may see are kept: published, public, inside their publication window) and the
 * first one's passages ranked by the question's terms. Wiki errors propagate (the answerer turns
 * them into a polite reply).
 */
export async function answerFromWikiSearch(
  wiki: WikiPort,
  question: string,
  agent: AgentSettings,
): Promise<{ main: AnswerPage; seeAlso: AnswerPage[] } | undefined> {
  const hits = await readableHits(wiki, await searchWiki(wiki, question, agent), (h) => h.hit, 3);
  const [first, ...rest] = hits;
  if (!first) return undefined;
  const { item: top, page } = first;
  const terms = queryTerms(question);
  const passages = splitPassages(page.content, page)
    .map((p) => ({ ...p, score: overlap(terms, `${p.heading}\n${p.text}\n${p.code}`) }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  const asPage = (h: { hit: SearchHit; score: number }): AnswerPage => ({
    page: { path: h.hit.path, locale: h.hit.locale, title: h.hit.title, description: h.hit.description },
    score: h.score,
    passages: [],
  });
  return { main: { ...asPage(top), passages }, seeAlso: rest.map((r) => asPage(r.item)) };
}

async function searchWiki(
  wiki: WikiPort,
  question: string,
  agent: AgentSettings,
): Promise<Array<{ hit: SearchHit; score: number }>> {
  const text = question.trim();
  const keep = (hits: SearchHit[]) =>
    hits.filter((h) => inSection(agent, h.path) && h.locale === agent.locale);
  // % and _ are wildcards there: such a question is searched word by word only.
  if (!/[%_]/.test(text)) {
    const whole = keep(await wiki.search(text, agent.locale));
    if (whole.length > 0) return whole.map((hit) => ({ hit, score: 1 }));
  }
  const words = [...new Set(tokenize(text).filter((w) => w.length >= 3 && processTerm(w) !== null))]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_KEYWORD_SEARCHES);
  const found = new Map<string, { hit: SearchHit; score: number }>();
  for (const word of words) {
    for (const hit of keep(await wiki.search(word, agent.locale))) {
      const key = `${hit.locale}/${hit.path}`;
      const entry = found.get(key) ?? { hit, score: 0 };
      entry.score += 1;
      found.set(key, entry);
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score || a.hit.title.length - b.hit.title.length);
}

/** How many of the question's terms a text contains. */
function overlap(terms: string[], text: string): number {
  const present = new Set(queryTerms(text));
  return terms.filter((t) => present.has(t)).length;
}
