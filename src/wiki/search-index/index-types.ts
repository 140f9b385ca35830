import type { Logger } from "../../log/logger.js";
import type { WikiPage, WikiPort } from "../types.js";
import type { Passage } from "./passages.js";
import type { RankingSettings } from "./settings.js";

/** What the index keeps of a page (its content lives on as passages). */
export interface IndexedPage {
  id: number;
  path: string;
  locale: string;
  title: string;
  description: string;
  /** ISO-8601, as the wiki listed it: the key of incremental refresh. */
  updatedAt: string;
  /**
   * The page's publication window (publish-window.ts), present only when set: outside it the page
   * stays indexed but is not shown (visibility.ts).
   */
  publishStartDate?: string;
  publishEndDate?: string;
  /** The page is longer than WIKI_PAGE_MAX_BYTES: indexed up to it (`doctor` and `report` name it). */
  contentCut?: true;
}

export interface ScoredPassage extends Passage {
  score: number;
}

/**
 * Pages by title and folder, of the pages shown now: what the answer needs to tell a page from
 * its namesakes (the same title in another folder) and to find the page another names.
 *
 * Contract: `cachedDirectory()` (page-directory.ts) builds once per set of keys and returns the same directory while
 * each key is the same object; the caller passes new keys whenever the pages or the hidden set
 * change. Titles are compared case-folded with runs of spaces as one.
 */
export interface PageDirectory {
  /** The pages of `locale` titled `title`, in no particular order. */
  titled(title: string, locale: string): readonly IndexedPage[];
  /** How many pages of `locale` sit directly in `folder` (a path without its last segment). */
  folderSize(folder: string, locale: string): number;
  /**
   * `page` and the pages of its title and locale in variant folders: folders sharing at least
   * VARIANT_TITLES titles with its own (`tldr/common` and `tldr/linux` share hundreds; two teams'
   * folders that each have an "FAQ" do not). Only variants stand for one another.
   */
  variantsOf(page: IndexedPage): readonly IndexedPage[];
}

/** One page of a result list, best first. */
export interface RankedPage {
  page: IndexedPage;
  /** Relevance (BM25 of the best passage, plus a share of the next ones). Only comparable within one query. */
  score: number;
  /**
   * Share (0–1) of the question's terms the page matched, in its title, path, description, headings
   * or passages; a term matched only through a synonym, or only in code, counts half.
   */
  coverage: number;
  /** The page's best passages for the question, best first (at most 3). */
  passages: ScoredPassage[];
}

/** What a search found, and the text it searched for when that was not the question as typed. */
export interface SearchOutcome {
  pages: RankedPage[];
  /** Set when a twin of the question was searched instead (twins.ts), to be shown to the user. */
  searchedFor?: string;
}

export interface SearchOptions {
  /** Path prefix: only pages at this path or below it. "" or absent = every page. */
  section?: string;
  /** Only pages of this locale; the question is read in its language. */
  locale?: string;
  /**
   * Only pages of these locales ("*": any), the question read in their languages, first first;
   * takes the place of `locale` when given.
   */
  locales?: readonly string[];
  /** Most pages returned; 5 by default. */
  limit?: number;
}

export interface BuildOptions {
  /** Pages read from the wiki at once; 8 by default. */
  concurrency?: number;
  onProgress?(done: number, total: number): void;
}

export interface IndexStats {
  pages: number;
  passages: number;
  /** When the last full build (or the loaded file's build) finished. */
  builtAt?: string;
}

/**
 * The local search index of the wiki, shared by all agents.
 *
 * Contract: `search` never calls the wiki and never throws for a question (an empty result means
 * nothing matched); it returns [] until the index is `ready` (built or loaded). Only published,
 * non-private pages are indexed, and of those only the ones inside their publication window now
 * are found, listed or quoted. `build` and `refresh` reject with the wiki's error and leave the
 * index as it was; a search during a build sees the previous index.
 */
export interface SearchIndex {
  readonly ready: boolean;
  build(wiki: WikiPort, opts?: BuildOptions): Promise<void>;
  /** Re-reads the pages whose updatedAt changed since they were indexed; drops pages gone from the list. */
  refresh(wiki: WikiPort): Promise<{ changed: number; removed: number }>;
  /** Indexes a page at once (after the gateway's own edit); an unpublished page is removed. */
  upsertPage(page: WikiPage): void;
  removePage(id: number): void;
  /** The pages `lookup` finds. */
  search(query: string, opts?: SearchOptions): RankedPage[];
  /**
   * Ranks the question, or its twin on the other keyboard layout or in Russian transliteration
   * when the question is a slip of it (implausible as typed, the twin plausible: plausibility.ts),
   * finds little as typed and the twin clearly more (twins.ts); `searchedFor`
   * then says what was searched, to be shown to the user.
   */
  lookup(query: string, opts?: SearchOptions): SearchOutcome;
  /** The indexed metadata of every page readers may see now (for /recent and listings). */
  pages(): IndexedPage[];
  /**
   * The indexed metadata of one page, also when it is outside its publication window now
   * (undefined when it is not indexed): what the index knows of the page's window.
   */
  indexedPage(id: number): IndexedPage | undefined;
  /**
   * The pages shown now by title and folder (page-directory.ts): a page's namesakes, the page a
   * title names, the size of a folder. The same object until a page or the shown set changes.
   */
  directory(): PageDirectory;
  /** The first passage of an indexed page (to quote a page without a question); undefined when it is not indexed or not shown now. */
  opening(id: number): Passage | undefined;
  /** Every passage of an indexed page in page order (the rest of a page, for a rich answer); [] when it is not indexed or not shown now. */
  pagePassages(id: number): Passage[];
  /**
   * What a page shown now names: the reference keys of its Markdown (references.ts `referenceKeys`:
   * the commands of its code, `path:<path>` of its links), to be matched with `keysFor` of other
   * pages. Read-only, no ranking. Empty when the page is not indexed or not shown now.
   */
  mentions(id: number): ReadonlySet<string>;
  /**
   * Grows whenever a page enters or leaves its publication window: what the index shows changed
   * though no page did (an answer cached before is stale).
   */
  visibility(): number;
  /**
   * Writes the index atomically, then reads the pages' text from the file written instead of from
   * memory or an earlier file (which is closed); pages changed during the save keep theirs in
   * memory. Rejects only when the write fails: a file that cannot be read back is logged
   * (`index-file-not-reopened`) and the text stays where it was. Saves run one at a time.
   */
  save(file: string): Promise<void>;
  /** Loads a saved index; false (and a log line) when the file is absent, corrupt or of another version. */
  load(file: string): Promise<boolean>;
  stats(): IndexStats;
}

export interface SearchIndexOptions {
  /** Where the index's warnings (a page it could not read, a saved file it could not use) go. */
  logger?: Pick<Logger, "warn" | "info">;
  /** The clock publication windows and build times are judged by (ms); Date.now by default. */
  now?: () => number;
  /**
   * The ranking's settings (settings.ts), read at every search; DEFAULT_SETTINGS by default. A
   * caller that varies them passes its own copy (`rankingSettings()`), never the defaults.
   */
  settings?: RankingSettings;
}
