import type { SearchResult } from "minisearch";
import { type Engine, PASSAGE_SLOTS } from "./engine.js";
import type { ParsedQuery } from "./query.js";
import { textEvidence } from "./text-evidence.js";
import type { RankedPage } from "./index-types.js";

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
  pageId: number;
  pageScore: number;
  /** Best passage scores and their indexes, best first; passages are resolved for the winners only. */
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

/** Page and passage hits → pages, best first. */
export function rankPages(
  engine: Engine,
  pageHits: SearchResult[],
  passageHits: SearchResult[],
  query: ParsedQuery,
  limit: number,
): RankedPage[] {
  const termCount = Math.min(query.terms.length, COUNTED_TERMS);
  if (termCount === 0) return [];
  const byPage = new Map<number, Acc>();
  const acc = (pageId: number): Acc => {
    let a = byPage.get(pageId);
    if (!a) {
      a = {
        pageId,
        pageScore: 0,
        scores: [],
        indexes: [],
        matched: 0,
        indirect: 0,
        base: 0,
        coverage: 0,
        score: 0,
      };
      byPage.set(pageId, a);
    }
    return a;
  };
  // queryTerms are the searched terms a hit matched (exactly, by prefix or fuzzily).
  const note = (a: Acc, hit: SearchResult) => {
    for (const term of hit.queryTerms) {
      const mask = query.covers.get(term) ?? 0;
      if (query.indirect.has(term)) a.indirect |= mask;
      else a.matched |= mask;
    }
  };
  for (const hit of pageHits) {
    const a = acc(hit.id as number);
    a.pageScore = hit.score;
    note(a, hit);
  }
  const kept = Math.max(RANKING.followerWeights.length, RANKING.passagesKept);
  for (const hit of passageHits) {
    const id = hit.id as number;
    const pageId = Math.floor(id / PASSAGE_SLOTS);
    const a = acc(pageId);
    if (a.scores.length < kept) {
      a.scores.push(hit.score);
      a.indexes.push(id - pageId * PASSAGE_SLOTS);
    }
    note(a, hit);
  }

  const coverageOf = (a: Acc) => (popcount(a.matched) + 0.5 * popcount(a.indirect & ~a.matched)) / termCount;
  const candidates: Acc[] = [];
  for (const a of byPage.values()) {
    const entry = engine.pages.get(a.pageId);
    if (!entry) continue;
    let evidence = RANKING.pageWeight * a.pageScore;
    for (let i = 0; i < a.scores.length; i++) evidence += a.scores[i]! * (RANKING.followerWeights[i] ?? 0);
    const titled = entry.titleTerms.length > 0 && entry.titleTerms.every((t) => query.covers.has(t));
    a.base =
      evidence *
      (1 + RANKING.referenceWeight * Math.log1p(engine.referencesTo(entry))) *
      (titled ? 1 + RANKING.wholeTitle : 1);
    a.coverage = coverageOf(a);
    a.score = a.base * a.coverage ** RANKING.coordination;
    candidates.push(a);
  }
  candidates.sort(byScore);

  const top = candidates.slice(0, Math.max(limit, RANKING.rescored));
  for (const a of top) {
    const entry = engine.pages.get(a.pageId)!;
    const sequences = [engine.termsOf(entry.meta)];
    for (const index of a.indexes) {
      const passage = entry.passages[index];
      if (passage) sequences.push(engine.termsOf(passage));
    }
    const found = textEvidence(query, sequences);
    a.matched |= found.matched;
    a.indirect |= found.indirect;
    a.coverage = coverageOf(a);
    a.score = a.base * a.coverage ** RANKING.coordination * (1 + RANKING.phrase * found.phrase);
  }
  top.sort(byScore);
  return top.slice(0, limit).map((a) => {
    const entry = engine.pages.get(a.pageId)!;
    const passages = a.indexes.slice(0, RANKING.passagesKept).flatMap((index, i) => {
      const passage = entry.passages[index];
      return passage ? [{ ...passage, score: a.scores[i]! }] : [];
    });
    return { page: entry.meta, score: a.score, coverage: Math.min(1, a.coverage), passages };
  });
}

/** Best first; ties by page id, so that results are stable. */
const byScore = (x: Acc, y: Acc) => y.score - x.score || x.pageId - y.pageId;

function popcount(n: number): number {
  let count = 0;
  for (let v = n; v !== 0; v &= v - 1) count++;
  return count;
}
