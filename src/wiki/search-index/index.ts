/** The local search index of the wiki: the one entry point other folders import. */
export { createSearchIndex } from "./search-index.js";
export { type IndexUpdate, loadSavedIndex, savedIndexAgeMs, updateIndex } from "./lifecycle.js";
export type {
  BuildOptions,
  IndexedPage,
  IndexStats,
  PageDirectory,
  RankedPage,
  ScoredPassage,
  SearchIndex,
  SearchIndexOptions,
  SearchOptions,
  SearchOutcome,
} from "./index-types.js";
export type { Passage } from "./passages.js";
export { splitPassages } from "./passages.js";
export { languageOf, processTerm, queryTerms, termsHeld, tokenize } from "./analyzer.js";
export { synonymsOf } from "./synonyms.js";
export { keysFor, referenceKeys } from "./references.js";
export { folderOf, titleKey } from "./page-directory.js";
export { DEFAULT_SETTINGS, type RankingSettings, rankingSettings } from "./settings.js";
