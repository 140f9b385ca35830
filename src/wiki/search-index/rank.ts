import type { Engine, PageEntry } from "./engine.js";
import type { ParsedQuery } from "./query.js";
import { textEvidence } from "./text-evidence.js";
import type { IndexedPage, RankedPage } from "./index-types.js";

/**
 * How page and passage evidence combine. A page scores
 *   (pageWeight × its page-document score + best passage + a share of the next two)
 *   × coverage ^ coordination
 *   × (1 + referenceWeight × ln(1 + references))
 *   × (1 + wholeTitle, when the question contains the page's whole title)
 *   × (1 + phrase × share of the question's word pairs the page contains)   [best pages only]
 * where coverage is the share of the question's terms the page matched anywhere (a synonym counts
 * half): a page that matches most of the question beats one that matches a single rare word many
 * times, and among pages saying much the same, the one other pages refer to more often wins.
 * The weights were tuned on bench/answer-quality (see its README section for the method).
 */
export const RANKING = {
  pageWeight: 1.5,
  followerWeights: [1, 0.3, 0.15],
  coordination: 3,
  referenceWeight: 0.8,
  wholeTitle: 1,
  phrase: 0.5,
  /** How many of the best pages are re-read for phrases and common terms. */
  rescored: 30,
  passagesKept: 3,
};

interface Acc {
  entry: PageEntry;
  pageScore: number;
  /** Best passage scores and their indexes, best first; passages are decoded for the winners only. */
  scores: number[];
  indexes: number[];
  /** Bit i set = the question's term i matched (itself, or in a compound). */
  matched: number;
  /** Bit i set = a synonym of term i matched. */
  indirect: number;
  /** Everything but coverage and phrases. */
  base: number;
  coverage: number;
  score: number;
}

const COUNTED_TERMS = 30;

/** The question's page and passage matches → pages, best first. */
export function rankPages(
  engine: Engine,
  query: ParsedQuery,
  filter: ((page: IndexedPage) => boolean) | undefined,
  limit: number,
): RankedPage[] {
  const termCount = Math.min(query.terms.length, COUNTED_TERMS);
  if (termCount === 0) return [];
  const byPage = new Map<number, Acc>();
  const acc = (entry: PageEntry): Acc => {
    let a = byPage.get(entry.meta.id);
    if (!a) {
      a = {
        entry,
        pageScore: 0,
        scores: [],
        indexes: [],
        matched: 0,
        indirect: 0,
        base: 0,
        coverage: 0,
        score: 0,
      };
      byPage.set(entry.meta.id, a);
    }
    return a;
  };
  engine.searchPages(query, filter, (entry, score, matched, indirect) => {
    const a = acc(entry);
    a.pageScore = score;
    a.matched |= matched;
    a.indirect |= indirect;
  });
  const kept = Math.max(RANKING.followerWeights.length, RANKING.passagesKept);
  engine.searchPassages(query, filter, (entry, index, score, matched) => {
    const a = acc(entry);
    a.matched |= matched;
    // The best `kept` passages of the page, best first (ties: page order).
    let at = a.scores.length;
    while (at > 0 && a.scores[at - 1]! < score) at--;
    if (at < kept) {
      a.scores.splice(at, 0, score);
      a.indexes.splice(at, 0, index);
      if (a.scores.length > kept) {
        a.scores.pop();
        a.indexes.pop();
      }
    }
  });

  const coverageOf = (a: Acc) => (popcount(a.matched) + 0.5 * popcount(a.indirect & ~a.matched)) / termCount;
  const candidates: Acc[] = [];
  for (const a of byPage.values()) {
    let evidence = RANKING.pageWeight * a.pageScore;
    for (let i = 0; i < a.scores.length; i++) evidence += a.scores[i]! * (RANKING.followerWeights[i] ?? 0);
    const title = engine.titleTerms(a.entry);
    const titled = title.length > 0 && title.every((t) => query.covers.has(engine.dict.term(t)));
    a.base =
      evidence *
      (1 + RANKING.referenceWeight * Math.log1p(engine.referencesTo(a.entry))) *
      (titled ? 1 + RANKING.wholeTitle : 1);
    a.coverage = coverageOf(a);
    a.score = a.base * a.coverage ** RANKING.coordination;
    candidates.push(a);
  }
  candidates.sort(byScore);

  const top = candidates.slice(0, Math.max(limit, RANKING.rescored));
  const ids = queryIds(engine, query);
  for (const a of top) {
    const sequences = [engine.pageSequence(a.entry)];
    for (const index of a.indexes) sequences.push(engine.passageSequence(a.entry, index));
    const found = textEvidence(query, ids, sequences);
    a.matched |= found.matched;
    a.indirect |= found.indirect;
    a.coverage = coverageOf(a);
    a.score = a.base * a.coverage ** RANKING.coordination * (1 + RANKING.phrase * found.phrase);
  }
  top.sort(byScore);
  return top.slice(0, limit).map((a) => {
    const passages = a.indexes.slice(0, RANKING.passagesKept).flatMap((index, i) => {
      const passage = engine.passage(a.entry, index);
      return passage ? [{ ...passage, score: a.scores[i]! }] : [];
    });
    return { page: a.entry.meta, score: a.score, coverage: Math.min(1, a.coverage), passages };
  });
}

/** The question's searched terms as dictionary ids (terms the index never saw cannot occur in a page). */
function queryIds(engine: Engine, query: ParsedQuery): Map<number, string> {
  const ids = new Map<number, string>();
  for (const term of query.covers.keys()) {
    const id = engine.dict.find(term);
    if (id !== undefined) ids.set(id, term);
  }
  return ids;
}

/** Best first; ties by page id, so that results are stable. */
const byScore = (x: Acc, y: Acc) => y.score - x.score || x.entry.meta.id - y.entry.meta.id;

function popcount(n: number): number {
  let count = 0;
  for (let v = n; v !== 0; v &= v - 1) count++;
  return count;
}
