import type { Engine, PageEntry } from "./engine.js";
import type { ParsedQuery } from "./query.js";
import { coverageWeight } from "./word-weights.js";
import { markSectionPages, questionSections } from "./section-words.js";
import { textEvidence } from "./text-evidence.js";
import type { IndexedPage, RankedPage } from "./index-types.js";
import type { RankWeights } from "./settings.js";

/**
 * How page and passage evidence combine. A page scores
 *   (pageWeight × its page-document score + best passage + a share of the next two)
 *   × coverage ^ coordination
 *   × (1 + referenceWeight × ln(1 + references))
 *   × (1 + engine.settings.sectionWords.preference, when the question names a section the page's path is in)
 *   × (1 + wholeTitle, when the question contains the page's whole title)
 *   × (1 + phrase × share of the question's word pairs the page contains)   [best pages only]
 * where coverage is the share of the question's terms the page matched anywhere (a synonym counts
 * half; a term weighs as its language says, light 0.5 or heavy 2: word-weights.ts; section words
 * such as "linux" in "on linux" are not counted: section-words.ts): a page
 * that matches most of the question beats one that matches a single rare word many times, and
 * among pages saying much the same, the one other pages refer to more often wins.
 * The page-document score includes the anchor text other pages give the page (anchors.ts,
 * engine.ts `searchPages`); anchor matches add to it but never to coverage.
 * The weights are `ranking` of the engine's settings (settings.ts), tuned on bench/answer-quality
 * (docs/performance.md, "Answer quality", for the method).
 */

/**
 * Per-page evidence of one search, in arrays indexed by page position (reused: searches are
 * synchronous). Contract: between searches every slot is zero (`top` counts -1) and `count` is 0.
 */
class Scratch {
  readonly pageScore: Float64Array;
  readonly matched: Int32Array;
  readonly indirect: Int32Array;
  /** The best KEPT passage scores and indexes per page, best first; `kept` how many. */
  readonly passageScores: Float64Array;
  readonly passageIndexes: Int32Array;
  readonly kept: Uint8Array;
  readonly seen: Uint8Array;
  readonly touched: Uint32Array;
  /** 1 for pages under a section the question names (section-words.ts); cleared by `reset`. */
  readonly preferred: Uint8Array;
  count = 0;
  /** Passages kept per page: max(followerWeights.length, passagesKept) when the scratch was made. */
  readonly K: number;

  constructor(
    readonly pages: number,
    weights: RankWeights,
  ) {
    const KEPT = (this.K = Math.max(weights.followerWeights.length, weights.passagesKept));
    this.pageScore = new Float64Array(pages);
    this.matched = new Int32Array(pages);
    this.indirect = new Int32Array(pages);
    this.passageScores = new Float64Array(pages * KEPT);
    this.passageIndexes = new Int32Array(pages * KEPT);
    this.kept = new Uint8Array(pages);
    this.seen = new Uint8Array(pages);
    this.touched = new Uint32Array(pages);
    this.preferred = new Uint8Array(pages);
  }

  touch(ordinal: number): void {
    if (this.seen[ordinal] === 0) {
      this.seen[ordinal] = 1;
      this.touched[this.count++] = ordinal;
    }
  }

  /** Keeps the passage if it is among the best K of its page, best first (ties: the earlier hit). */
  keepPassage(ordinal: number, index: number, score: number): void {
    const K = this.K;
    const base = ordinal * K;
    const kept = this.kept[ordinal]!;
    let at = kept;
    while (at > 0 && this.passageScores[base + at - 1]! < score) at--;
    if (at >= K) return;
    for (let j = Math.min(kept, K - 1); j > at; j--) {
      this.passageScores[base + j] = this.passageScores[base + j - 1]!;
      this.passageIndexes[base + j] = this.passageIndexes[base + j - 1]!;
    }
    this.passageScores[base + at] = score;
    this.passageIndexes[base + at] = index;
    if (kept < K) this.kept[ordinal] = kept + 1;
  }

  reset(): void {
    for (let i = 0; i < this.count; i++) {
      const o = this.touched[i]!;
      this.pageScore[o] = 0;
      this.matched[o] = 0;
      this.indirect[o] = 0;
      this.kept[o] = 0;
      this.seen[o] = 0;
    }
    this.count = 0;
    this.preferred.fill(0);
  }
}

const scratches = new WeakMap<object, Scratch>();

interface Acc {
  ordinal: number;
  id: number;
  scores: number[];
  indexes: number[];
  matched: number;
  indirect: number;
  /** Everything but coverage and phrases. */
  base: number;
  coverage: number;
  score: number;
}

const COUNTED_TERMS = 30;

/** The page and passage matches of the question, into the scratch. */
function gather(
  engine: Engine,
  query: ParsedQuery,
  filter: ((page: IndexedPage) => boolean) | undefined,
  s: Scratch,
): void {
  engine.searchPages(query, filter, (ordinal, score, matched, indirect) => {
    s.touch(ordinal);
    s.pageScore[ordinal] = score;
    s.matched[ordinal]! |= matched;
    s.indirect[ordinal]! |= indirect;
  });
  engine.searchPassages(query, filter, (ordinal, index, score, matched, indirect) => {
    s.touch(ordinal);
    s.matched[ordinal]! |= matched;
    s.indirect[ordinal]! |= indirect;
    s.keepPassage(ordinal, index, score);
  });
}

/** The question's page and passage matches → pages, best first. */
export function rankPages(
  engine: Engine,
  query: ParsedQuery,
  filter: ((page: IndexedPage) => boolean) | undefined,
  limit: number,
): RankedPage[] {
  const termCount = Math.min(query.terms.length, COUNTED_TERMS);
  if (termCount === 0) return [];
  const frozen = engine.freeze();
  const weights = engine.settings.ranking;
  let x = scratches.get(frozen);
  if (!x) scratches.set(frozen, (x = new Scratch(frozen.order.length, weights)));
  const s = x;
  const KEPT = s.K;
  try {
    gather(engine, query, filter, s);

    const { ignored, sections } = questionSections(
      engine.dict,
      (t) => frozen.terms.isSection(t),
      query,
      termCount,
      engine.settings.sectionWords,
    );
    const weigh = (mask: number) => coverageWeight(mask, query.light, query.heavy);
    const counted = weigh(((1 << termCount) - 1) & ~ignored);
    const coverageOf = (matched: number, indirect: number) =>
      (weigh(matched & ~ignored) + 0.5 * weigh(indirect & ~matched & ~ignored)) / counted;
    if (sections.length > 0) markSectionPages(frozen.pagePostings, sections, s.preferred);
    const preference = (o: number) =>
      s.preferred[o] === 1 ? 1 + engine.settings.sectionWords.preference : 1;
    const keep = Math.max(limit, weights.rescored);
    const ids = queryIds(engine, query);
    const top: Acc[] = [];
    for (let i = 0; i < s.count; i++) {
      const o = s.touched[i]!;
      let evidence = weights.pageWeight * s.pageScore[o]!;
      for (let j = 0; j < s.kept[o]!; j++)
        evidence += s.passageScores[o * KEPT + j]! * (weights.followerWeights[j] ?? 0);
      const coverage = coverageOf(s.matched[o]!, s.indirect[o]!);
      const entry = frozen.order[o]!;
      const evidenceWithPrior =
        evidence * (1 + weights.referenceWeight * Math.log1p(engine.referencesAt(o))) * preference(o);
      // The whole-title bonus is the only factor left: skip pages that cannot reach the last kept one.
      const bound = evidenceWithPrior * (1 + weights.wholeTitle) * coverage ** weights.coordination;
      if (top.length === keep && bound < top[keep - 1]!.score) continue;
      const titled = s.pageScore[o]! > 0 && isTitled(engine, entry, ids);
      const base = evidenceWithPrior * (titled ? 1 + weights.wholeTitle : 1);
      const a: Acc = {
        ordinal: o,
        id: entry.meta.id,
        scores: [],
        indexes: [],
        matched: s.matched[o]!,
        indirect: s.indirect[o]!,
        base,
        coverage,
        score: base * coverage ** weights.coordination,
      };
      insertTop(top, a, keep);
    }
    for (const a of top)
      for (let j = 0; j < s.kept[a.ordinal]!; j++) {
        a.scores.push(s.passageScores[a.ordinal * KEPT + j]!);
        a.indexes.push(s.passageIndexes[a.ordinal * KEPT + j]!);
      }

    for (const a of top) {
      const entry = frozen.order[a.ordinal]!;
      const sequences = [engine.pageSequence(entry)];
      for (const index of a.indexes) sequences.push(engine.passageSequence(entry, index));
      const found = textEvidence(query, ids, sequences);
      a.matched |= found.matched;
      a.indirect |= found.indirect;
      a.coverage = coverageOf(a.matched, a.indirect);
      a.score = a.base * a.coverage ** weights.coordination * (1 + weights.phrase * found.phrase);
    }
    top.sort(byScore);
    // A page that matched none of the counted question words (found only by its anchors, or only by
    // a section word) scores 0: it answers nothing that was asked, so it is never returned.
    return top
      .filter((a) => a.score > 0)
      .slice(0, limit)
      .map((a) => {
        const entry = frozen.order[a.ordinal]!;
        const passages = a.indexes.slice(0, weights.passagesKept).flatMap((index, i) => {
          const passage = engine.passage(entry, index);
          return passage ? [{ ...passage, score: a.scores[i]! }] : [];
        });
        return { page: entry.meta, score: a.score, coverage: Math.min(1, a.coverage), passages };
      });
  } finally {
    s.reset();
  }
}

/**
 * The question holds every term of the page's title (tool and sub-command names, `git stash`):
 * `ids` are the question's terms by id (queryIds), so no title term is looked up as a string.
 */
function isTitled(engine: Engine, entry: PageEntry, ids: ReadonlyMap<number, string>): boolean {
  const title = engine.titleTerms(entry);
  if (title.length === 0) return false;
  for (let i = 0; i < title.length; i++) if (!ids.has(title[i]!)) return false;
  return true;
}

/** Keeps `top` sorted best first and at most `keep` long. */
function insertTop(top: Acc[], a: Acc, keep: number): void {
  let at = top.length;
  while (at > 0 && byScore(a, top[at - 1]!) < 0) at--;
  if (at >= keep) return;
  top.splice(at, 0, a);
  if (top.length > keep) top.pop();
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
const byScore = (x: Acc, y: Acc) => y.score - x.score || x.id - y.id;
