import MiniSearch, {
  type Options,
  type SearchOptions as MiniSearchOptions,
  type SearchResult,
} from "minisearch";
import { ANALYZER_VERSION, processTerm, queryTerms, tokenize } from "./analyzer.js";
import type { Passage } from "./passages.js";
import type { ParsedQuery } from "./query.js";
import { keysFor, ReferenceCounter } from "./references.js";
import { TermStats } from "./term-stats.js";
import { termSequence } from "./text-evidence.js";
import type { IndexedPage } from "./index-types.js";

/** Bumped whenever the analyzer, the fields or the saved layout change: older files are rebuilt. */
export const INDEX_FORMAT_VERSION = 300 + ANALYZER_VERSION;

/**
 * Two MiniSearch indexes: one document per page (what the page is: title, path words,
 * description, its headings) and one per passage (what a part of it says: heading, prose, code).
 * Ranking combines both (rank.ts); keeping them apart stops a title word from being counted once
 * per passage, which made long pages with a lucky title win.
 */
export interface PageDoc {
  id: number;
  title: string;
  path: string;
  description: string;
  headings: string;
}

export interface PassageDoc {
  id: number;
  heading: string;
  text: string;
  code: string;
}

export interface PageEntry {
  meta: IndexedPage;
  passages: Passage[];
  /** How other pages refer to this one (references.ts). */
  referenceKeys: string[];
  /** The title's index terms (a question naming the whole title is about this page). */
  titleTerms: string[];
}

const analyzer = {
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => processTerm(term) ?? false,
};

/** Modest fuzziness: a typo in a long word still matches; stems and short words match exactly. */
const matching: MiniSearchOptions = {
  combineWith: "OR",
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
  maxFuzzy: 2,
  prefix: (term) => term.length >= 4,
  weights: { fuzzy: 0.3, prefix: 0.3 },
  bm25: { k: 1.2, b: 0.75, d: 0.5 },
};

/**
 * Field weights: title > path words > headings > text. The description, a page's summary written
 * by a person, is the best evidence of what the page is for and weighs most (tuned, see rank.ts).
 */
export const PAGE_OPTIONS: Options<PageDoc> = {
  fields: ["title", "path", "description", "headings"],
  storeFields: [],
  ...analyzer,
  searchOptions: { ...matching, boost: { title: 2, path: 1.5, description: 5, headings: 1.2 } },
};

export const PASSAGE_OPTIONS: Options<PassageDoc> = {
  fields: ["heading", "text", "code"],
  storeFields: [],
  ...analyzer,
  // No fuzzy or prefix matching inside passages: the page document already tolerates typos, and
  // expanding every term over all passages would cost more than it finds.
  searchOptions: { ...matching, fuzzy: false, prefix: false, boost: { heading: 1.2, text: 1, code: 0.75 } },
};

/**
 * Terms in more than this share of all passages are left out of the passage search (they match
 * a large part of the wiki and add little to BM25); ranking still credits them (rank.ts).
 */
export const PASSAGE_SEARCH = { commonTermShare: 0.06 };

/** Passages per page are capped (passages.ts) so that a passage id packs page id and index in one number. */
export const PASSAGE_SLOTS = 4096;
export const passageId = (pageId: number, index: number) => pageId * PASSAGE_SLOTS + index;
export const pageOfPassage = (docId: number) => Math.floor(docId / PASSAGE_SLOTS);

type Filter = (page: IndexedPage) => boolean;

/**
 * The page table and both indexes. Contract: for every page in `pages`, exactly that page's
 * document and its passages are indexed, `terms` counts exactly those passages, and nothing else is.
 */
export class Engine {
  readonly pages = new Map<number, PageEntry>();
  readonly pageIndex: MiniSearch<PageDoc>;
  readonly passageIndex: MiniSearch<PassageDoc>;
  readonly references = new ReferenceCounter();
  readonly terms: TermStats;

  constructor(loaded?: {
    pageIndex: MiniSearch<PageDoc>;
    passageIndex: MiniSearch<PassageDoc>;
    terms: TermStats;
  }) {
    this.pageIndex = loaded?.pageIndex ?? new MiniSearch<PageDoc>(PAGE_OPTIONS);
    this.passageIndex = loaded?.passageIndex ?? new MiniSearch<PassageDoc>(PASSAGE_OPTIONS);
    this.terms = loaded?.terms ?? new TermStats();
  }

  get passageCount(): number {
    return this.passageIndex.documentCount;
  }

  put(meta: IndexedPage, passages: Passage[]): void {
    this.remove(meta.id);
    this.pageIndex.add({
      id: meta.id,
      title: meta.title,
      path: meta.path.replace(/[/_.-]+/g, " "),
      description: meta.description,
      headings: [...new Set(passages.map((p) => p.heading).filter(Boolean))].join("\n"),
    });
    for (const p of passages) {
      this.passageIndex.add({
        id: passageId(meta.id, p.index),
        heading: p.heading,
        text: p.text,
        code: p.code,
      });
      this.terms.add(p);
    }
    this.restore(meta, passages);
  }

  /** Registers a page whose documents are already indexed (put, or loaded from a file). */
  restore(meta: IndexedPage, passages: Passage[]): void {
    this.pages.set(meta.id, {
      meta,
      passages,
      referenceKeys: keysFor(meta),
      titleTerms: queryTerms(meta.title),
    });
    this.references.add(meta.id, passages.map((p) => p.markdown).join("\n\n"), meta.title);
  }

  remove(id: number): boolean {
    const entry = this.pages.get(id);
    if (!entry) return false;
    this.pageIndex.discard(id);
    for (const p of entry.passages) {
      this.passageIndex.discard(passageId(id, p.index));
      this.terms.remove(p);
    }
    this.pages.delete(id);
    this.references.remove(id);
    return true;
  }

  private readonly sequences = new WeakMap<object, string[]>();

  /** A passage's prose, or a page's title and description, as index terms in order; computed once. */
  termsOf(owner: Passage | IndexedPage): string[] {
    let terms = this.sequences.get(owner);
    if (!terms) {
      terms = termSequence("index" in owner ? owner.text : `${owner.title}\n${owner.description}`);
      this.sequences.set(owner, terms);
    }
    return terms;
  }

  /** Pages referring to this one, other than itself. */
  referencesTo(entry: PageEntry): number {
    return this.references.count(entry.meta.id, entry.referenceKeys);
  }

  searchPages(query: ParsedQuery, filter?: Filter): SearchResult[] {
    return this.pageIndex.search(query.expanded.join(" "), {
      ...termsAsGiven(query),
      ...(filter ? { filter: (r: SearchResult) => this.allowed(r.id as number, filter) } : {}),
    });
  }

  /**
   * Passages are searched with the question's own terms, common ones left out (PASSAGE_SEARCH;
   * the rarest term is always kept). Synonyms widen the page search only: both keep this fast.
   */
  searchPassages(query: ParsedQuery, filter?: Filter): SearchResult[] {
    const limit = Math.max(20, this.terms.passages * PASSAGE_SEARCH.commonTermShare);
    let terms = query.terms.filter((t) => this.terms.df(t) <= limit);
    if (terms.length === 0 && query.terms.length > 0) {
      terms = [query.terms.reduce((a, b) => (this.terms.df(b) < this.terms.df(a) ? b : a))];
    }
    return this.passageIndex.search(terms.join(" "), {
      ...termsAsGiven(query),
      ...(filter ? { filter: (r: SearchResult) => this.allowed(pageOfPassage(r.id as number), filter) } : {}),
    });
  }

  private allowed(pageId: number, filter: Filter): boolean {
    const entry = this.pages.get(pageId);
    return entry !== undefined && filter(entry.meta);
  }
}

/** The query's terms are already analysed: split on spaces, no second stemming, synonyms weighted. */
function termsAsGiven(query: ParsedQuery): MiniSearchOptions {
  return {
    tokenize: (text) => text.split(" ").filter(Boolean),
    processTerm: (term) => term,
    boostTerm: (term) => query.weight.get(term) ?? 1,
  };
}
