import type { Bm25Params } from "./postings.js";
import type { ExpansionOptions } from "./term-expansion.js";

/**
 * The ranking's settings, handed to the engine as a value (`createSearchIndex({ settings })`,
 * `new Engine(settings)`): nothing in the search index reads or writes module state for them.
 * DEFAULT_SETTINGS is frozen; a caller that varies weights (bench/answer-quality's fitting) makes
 * its own copy with `rankingSettings()` and passes it in. The engine reads its settings at every
 * search (boosts are applied when searching, not stored in the postings), except where noted:
 * `anchors.maxTerms`, `minShare`, `maxCount` and `sectionWords.minShare`, `minPages` shape
 * tables built when the postings are (a change needs a rebuild), and `ranking.passagesKept` with
 * the length of `ranking.followerWeights` size scratch arrays when a freeze is first searched.
 * `search.expansion` is replaced, never changed in place: expansions are remembered per options
 * object (term-expansion.ts).
 */
export interface RankingSettings {
  readonly search: SearchSettings;
  readonly ranking: RankWeights;
  readonly queryWeights: QueryWeights;
  readonly anchors: AnchorSettings;
  readonly sectionWords: SectionWordSettings;
}

/**
 * How the two documents of the index are searched (engine.ts). Each page has a summary document
 * (title, path words, description, headings) and one document per passage (heading, prose, code).
 * The description, a page's summary written by a person, weighs most. BM25+ per field is kept
 * over BM25F: on the tuning sets of bench/answer-quality BM25F with k = 2–3 put 3–4 more dev
 * questions first but 2–4 fewer of the tuned set.
 */
export interface SearchSettings {
  readonly bm25: Bm25Params;
  /** Title, path, description, headings. */
  readonly pageBoosts: readonly number[];
  /** Heading, prose, code. */
  readonly passageBoosts: readonly number[];
  /** Modest fuzziness, on page summaries only: a typo in a long word still matches. */
  readonly expansion: ExpansionOptions;
  /**
   * Spelling: a question term that no page holds (a typo, "extrakt") stands for the page-summary
   * terms one edit away, from this many characters on, at this weight.
   */
  readonly spelling: { readonly from: number; readonly weight: number };
  /**
   * Compounds: a question term that at most `fewDocuments` documents (page summaries and passages)
   * hold, whose word splits into parts the wiki supports better (compound-parts.ts), also stands
   * for those parts, each at `weight` (below 1, so pages holding the word itself stay first).
   */
  readonly compounds: { readonly fewDocuments: number; readonly weight: number };
  /** A question word a passage has only in its code counts half for coverage, like a synonym. */
  readonly codeCountsHalf: boolean;
  /** Terms in more than this share of all passages are left out of the passage search. */
  readonly commonTermShare: number;
}

/** How page and passage evidence combine into a page's score (rank.ts states the formula). */
export interface RankWeights {
  readonly pageWeight: number;
  readonly followerWeights: readonly number[];
  readonly coordination: number;
  readonly referenceWeight: number;
  readonly wholeTitle: number;
  readonly phrase: number;
  /** How many of the best pages are re-read for phrases and common terms. */
  readonly rescored: number;
  readonly passagesKept: number;
}

/** The weights parseQuery gives the terms it adds (query.ts). */
export interface QueryWeights {
  readonly synonym: number;
  readonly joined: number;
  /** A German verb without its separable particle ("anzeigen" → "zeigen"; german-particles.ts). */
  readonly particle: number;
}

/** Anchor text (anchors.ts). */
export interface AnchorSettings {
  /** Weight of the anchor document's BM25 score in the page score; 0 turns anchors off. */
  readonly weight: number;
  readonly kinds: { readonly example: boolean; readonly link: boolean; readonly seeAlso: boolean };
  /** Most distinct terms kept per page: the ones most referring pages use (rarer first on ties). */
  readonly maxTerms: number;
  /** A term is kept only when at least this share of the pages referring to the page use it. */
  readonly minShare: number;
  /** A term counts once per referring page, at most this often in all (its term frequency). */
  readonly maxCount: number;
}

/** Section words (section-words.ts). */
export interface SectionWordSettings {
  readonly enabled: boolean;
  readonly preference: number;
  readonly minShare: number;
  readonly minPages: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The settings the product ranks with (tuned on bench/answer-quality; see each file's notes). */
export const DEFAULT_SETTINGS: RankingSettings = deepFreeze({
  search: {
    bm25: { k: 1.2, b: 0.75, d: 0.5, combine: "per-field" },
    pageBoosts: [1.5, 1.5, 5, 1.2],
    passageBoosts: [1.2, 1, 0.75],
    expansion: {
      prefixFrom: 3,
      typoFrom: 6,
      typoShare: 0.2,
      maxTypos: 2,
      prefixWeight: 0.3,
      typoWeight: 0.3,
    },
    spelling: { from: 5, weight: 0.8 },
    compounds: { fewDocuments: 3, weight: 0.5 },
    codeCountsHalf: true,
    commonTermShare: 0.06,
  },
  ranking: {
    pageWeight: 1.5,
    followerWeights: [1, 0.3, 0.15],
    coordination: 3,
    referenceWeight: 0.8,
    wholeTitle: 1,
    phrase: 0.5,
    rescored: 30,
    passagesKept: 3,
  },
  queryWeights: { synonym: 0.5, joined: 0.7, particle: 0.5 },
  anchors: {
    weight: 2,
    kinds: { example: true, link: true, seeAlso: true },
    maxTerms: 30,
    minShare: 0.1,
    maxCount: 3,
  },
  sectionWords: { enabled: true, preference: 3, minShare: 0.01, minPages: 3 },
} satisfies RankingSettings);

/** A copy of DEFAULT_SETTINGS (with `changes` applied per group) that its holder may change. */
export function rankingSettings(
  changes: { [K in keyof RankingSettings]?: Partial<RankingSettings[K]> } = {},
): RankingSettings {
  const copy = structuredClone(DEFAULT_SETTINGS) as {
    -readonly [K in keyof RankingSettings]: RankingSettings[K];
  };
  for (const key of Object.keys(changes) as Array<keyof RankingSettings>)
    copy[key] = { ...copy[key], ...changes[key] } as never;
  return copy;
}
