import { ANALYZER_VERSION } from "./analyzer.js";
import { anchorPostings } from "./anchors.js";
import { fieldTerms } from "./doc-tokens.js";
import {
  decodePassage,
  encodePage,
  PAGE_FIELD,
  PAGE_FIELDS,
  type PageEntry,
  PASSAGE_FIELD,
  PASSAGE_FIELDS,
  pageMarkdown,
  passageCount,
} from "./page-entry.js";
import type { PassageFile } from "./passage-file.js";
import type { Passage } from "./passages.js";
import {
  Accumulator,
  buildPostings,
  documentFrequency,
  type Postings,
  type SearchedTerm,
} from "./postings.js";
import type { ParsedQuery } from "./query.js";
import { keysFor, ReferenceCounter, referenceKeys } from "./references.js";
import { supportedSplit } from "./compound-parts.js";
import { mayNameTool, titlePrefix } from "./title-prefix.js";
import { TermDictionary } from "./term-dictionary.js";
import { Vocabulary } from "./term-expansion.js";
import { DEFAULT_SETTINGS, type RankingSettings } from "./settings.js";
import { frame, type Frozen } from "./frozen.js";
import type { IndexedPage } from "./index-types.js";

export type { PageEntry } from "./page-entry.js";
export type { Frozen } from "./frozen.js";

/**
 * The saved layout's version × 1000 + the analyzer's: bumped whenever the analyzer, the fields or
 * the saved layout change, so older files are rebuilt (and a bump of one cannot meet the other's).
 */
export const INDEX_FORMAT_VERSION = 422 * 1000 + ANALYZER_VERSION;

type Filter = (page: IndexedPage) => boolean;
/** Filter masks kept per freeze. */
const MAX_MASKS = 64;

/**
 * The page table and its postings. Contract: `pages` is the truth; the postings are rebuilt from
 * it (on the next search, or `freeze`) after any `put` or `remove`, so a search always sees exactly
 * the pages in `pages`. It ranks with the settings it was made with (settings.ts), read at every
 * search.
 *
 * Each page has a summary document (title, path words, description, headings) and one document
 * per passage (heading, prose, code); ranking combines both (rank.ts). A third, small document per
 * page holds the anchor text other pages give it (anchors.ts); its score only adds to the page
 * score. Keeping the summary and the passages apart stops a title word from being counted once per
 * passage, which made long pages with a lucky title win. The title and path boosts are further
 * weighted per word, by how much the word is a page name rather than an everyday word
 * (title-words.ts); a section word's path match earns nothing (section-words.ts).
 */
export class Engine {
  readonly pages: Map<number, PageEntry>;
  readonly dict: TermDictionary;
  readonly references: ReferenceCounter;
  private frozen: Frozen | undefined;
  private vocabulary: Vocabulary | undefined;
  private pageAcc: Accumulator | undefined;
  private anchorAcc: Accumulator | undefined;
  private anchorScores: Float64Array | undefined;
  private passageAcc: Accumulator | undefined;
  /** Per filter, 1 for each page position of the current freeze that passes it (see `maskOf`). */
  private readonly masks = new Map<Filter, Uint8Array>();
  /**
   * The index files pages read their text from: the loaded one, then the last one saved (see
   * `adoptSavedFile`). Pages put since keep their text in memory.
   */
  private readonly passageFiles = new Set<PassageFile>();
  private closed = false;

  constructor(
    readonly settings: RankingSettings = DEFAULT_SETTINGS,
    loaded?: {
      dict: TermDictionary;
      references: ReferenceCounter;
      pages: PageEntry[];
      postings?: { page: Postings; passage: Postings; anchor: Postings };
      passageFile?: PassageFile;
    },
  ) {
    if (loaded?.passageFile) this.passageFiles.add(loaded.passageFile);
    this.dict = loaded?.dict ?? new TermDictionary();
    this.references = loaded?.references ?? new ReferenceCounter();
    this.pages = new Map();
    for (const e of loaded?.pages ?? []) this.pages.set(e.meta.id, e);
    if (loaded?.postings) {
      const { page, passage, anchor } = loaded.postings;
      this.frozen = frame(loaded.pages, page, passage, anchor, settings.sectionWords);
    }
  }

  get passageCount(): number {
    let n = 0;
    for (const entry of this.pages.values()) n += passageCount(entry);
    return n;
  }

  put(meta: IndexedPage, passages: Passage[]): void {
    this.remove(meta.id);
    const { entry, mentioned } = encodePage(meta, passages, this.dict);
    this.pages.set(meta.id, entry);
    this.references.add(mentioned);
    this.thaw();
  }

  remove(id: number): boolean {
    const entry = this.pages.get(id);
    if (!entry) return false;
    this.references.remove(referenceKeys(pageMarkdown(entry), entry.meta.title));
    this.pages.delete(id);
    this.thaw();
    return true;
  }

  /** The postings of the current pages (built now if a change made them stale). */
  freeze(): Frozen {
    if (!this.frozen) {
      const order = [...this.pages.values()];
      const T = this.dict.size;
      const page = buildPostings(
        { datas: order.map((e) => e.pageDoc), offsets: order.map(() => 0) },
        PAGE_FIELDS.length,
        T,
      );
      const datas: Uint32Array[] = [];
      const offsets: number[] = [];
      for (const e of order)
        for (let i = 0; i < passageCount(e); i++) {
          datas.push(e.passageDocs);
          offsets.push(e.passageStarts[i]!);
        }
      const passage = buildPostings({ datas, offsets }, PASSAGE_FIELDS.length, T);
      this.frozen = frame(
        order,
        page,
        passage,
        anchorPostings(order, T, (id) => this.dict.term(id), this.settings.anchors),
        this.settings.sectionWords,
      );
    }
    return this.frozen;
  }

  private thaw(): void {
    this.masks.clear();
    this.frozen = undefined;
    this.vocabulary = undefined;
    this.pageAcc = undefined;
    this.anchorAcc = undefined;
    this.anchorScores = undefined;
    this.passageAcc = undefined;
  }

  /** Closes its index files (when the engine is replaced): its pages' text can no longer be read. */
  close(): void {
    this.closed = true;
    for (const file of this.passageFiles) file.close();
    this.passageFiles.clear();
  }

  /**
   * Moves pages' text to `file`, an index file just saved: each `[entry, at]` whose entry is still
   * its page's current one (not put or removed since it was encoded) reads its text at byte `at` of
   * `file` from now on, and its bytes in memory are let go; then every file no page reads from any
   * more is closed (the one loaded or saved before, or `file` itself when no page moved). Contract:
   * the caller has checked that `file` holds, at `at`, exactly the text bytes each entry had when
   * encoded; an entry's text never changes while it is current (`put` makes a new entry), so the
   * identity test is what keeps a page changed since the encode on its own text. Synchronous, so
   * no search sees a page half moved. Returns the pages moved; 0 (and `file` closed) when the
   * engine has been closed, i.e. replaced.
   */
  adoptSavedFile(file: PassageFile, saved: Iterable<readonly [PageEntry, number]>): number {
    if (this.closed) {
      file.close();
      return 0;
    }
    let moved = 0;
    for (const [entry, at] of saved) {
      if (this.pages.get(entry.meta.id) !== entry) continue;
      entry.text = { file, at };
      moved++;
    }
    this.passageFiles.add(file);
    const used = new Set<PassageFile>();
    for (const entry of this.pages.values())
      if (!(entry.text instanceof Uint8Array)) used.add(entry.text.file);
    for (const held of this.passageFiles)
      if (!used.has(held)) {
        held.close();
        this.passageFiles.delete(held);
      }
    return moved;
  }

  /** Throws PassageFileError when the loaded file holding the text can no longer be read. */
  passage(entry: PageEntry, index: number): Passage | undefined {
    return decodePassage(entry, index);
  }

  /** The passage's prose as term ids in order (for phrases). */
  passageSequence(entry: PageEntry, index: number): Uint32Array {
    const F = PASSAGE_FIELDS.length;
    return fieldTerms(entry.passageDocs, entry.passageStarts[index]!, F, [PASSAGE_FIELD.text]);
  }

  /** The page's title and description as term ids in order. */
  pageSequence(entry: PageEntry): Uint32Array {
    return fieldTerms(entry.pageDoc, 0, PAGE_FIELDS.length, [PAGE_FIELD.title, PAGE_FIELD.description]);
  }

  titleTerms(entry: PageEntry): Uint32Array {
    return fieldTerms(entry.pageDoc, 0, PAGE_FIELDS.length, [PAGE_FIELD.title]);
  }

  /** Pages referring to this one, other than itself. */
  referencesTo(entry: PageEntry): number {
    return this.references.count(keysFor(entry.meta)) - entry.selfRefs;
  }

  /** `referencesTo` of the page at this position of the postings, computed once per freeze. */
  referencesAt(ordinal: number): number {
    const frozen = this.freeze();
    let n = frozen.references[ordinal]!;
    if (n < 0) n = frozen.references[ordinal] = this.referencesTo(frozen.order[ordinal]!);
    return n;
  }

  /**
   * Which page positions pass the filter, computed once per filter until the pages change: a
   * search then tests a byte per match instead of calling the filter on the page's metadata for
   * each matching passage. Contract: the filter is a pure function of the page's metadata.
   */
  private maskOf(filter: Filter | undefined): Uint8Array | undefined {
    if (!filter) return undefined;
    let mask = this.masks.get(filter);
    if (!mask) {
      const order = this.freeze().order;
      mask = new Uint8Array(order.length);
      for (let i = 0; i < order.length; i++) mask[i] = filter(order[i]!.meta) ? 1 : 0;
      if (this.masks.size >= MAX_MASKS) this.masks.clear();
      this.masks.set(filter, mask);
    }
    return mask;
  }

  /**
   * Page summaries matching the question's terms, synonyms and compounds (with prefix and typo
   * matches), plus the anchor weight × the score of the page's anchor document. Anchor matches add to
   * the score only: they mark no term as matched; a page found only by its anchors is visited with
   * nothing matched (its passages may still match). A title or path match counts as much as the
   * word is a page name rather than an everyday word (title-words.ts); a section word's path match
   * counts nothing (section-words.ts).
   */
  searchPages(
    query: ParsedQuery,
    filter: Filter | undefined,
    visit: (ordinal: number, score: number, matched: number, indirect: number) => void,
  ): void {
    const frozen = this.freeze();
    const p = frozen.pagePostings;
    this.vocabulary ??= vocabularyOf(p, this.dict);
    this.pageAcc ??= new Accumulator(p.docs);
    const searched: SearchedTerm[] = query.expanded.map((term) => {
      const weight = query.weight.get(term) ?? 1;
      const id = this.dict.find(term);
      const matches = id === undefined ? [] : [{ id, weight }];
      for (const m of this.vocabulary!.expand(term, this.settings.search.expansion))
        matches.push({ id: m.id, weight: weight * m.weight });
      for (const m of this.respell(term)) matches.push({ id: m.id, weight: weight * m.weight });
      for (const m of this.guessed(term, query)) matches.push({ id: m.id, weight: weight * m.weight });
      for (const m of this.compoundParts(term, query)) matches.push({ id: m.id, weight: weight * m.weight });
      for (const m of matches) frozen.terms.prepare(m.id);
      return { covers: query.covers.get(term) ?? 0, indirect: query.indirect.has(term), matches };
    });
    const mask = this.maskOf(filter);
    const anchored = this.searchAnchors(searched);
    const scores = this.anchorScores;
    this.pageAcc.run(
      p,
      searched,
      this.settings.search.pageBoosts,
      this.settings.search.bm25,
      (doc, score, matched, indirect) => {
        let extra = 0;
        if (scores && scores[doc]! > 0) {
          extra = scores[doc]!;
          scores[doc] = 0;
        }
        if (!mask || mask[doc] === 1) visit(doc, score + extra, matched, indirect);
      },
      0,
      [
        { fields: 1 << PAGE_FIELD.title, by: frozen.terms.title },
        { fields: 1 << PAGE_FIELD.path, by: frozen.terms.path },
      ],
    );
    for (const doc of anchored) {
      const extra = scores![doc]!;
      if (extra === 0) continue;
      scores![doc] = 0;
      if (!mask || mask[doc] === 1) visit(doc, extra, 0, 0);
    }
  }

  /**
   * Fills `anchorScores` with the weighted anchor score of each page position the question's
   * terms match, and returns those positions ([] when anchors are off). Contract: `searchPages`
   * sets every slot back to zero before it returns.
   */
  private searchAnchors(searched: readonly SearchedTerm[]): number[] {
    const a = this.freeze().anchorPostings;
    if (this.settings.anchors.weight === 0 || a.termStart[a.terms] === 0) return [];
    this.anchorAcc ??= new Accumulator(a.docs);
    const scores = (this.anchorScores ??= new Float64Array(a.docs));
    const docs: number[] = [];
    this.anchorAcc.run(
      a,
      searched,
      [this.settings.anchors.weight],
      this.settings.search.bm25,
      (doc, score) => {
        scores[doc] = score;
        docs.push(doc);
      },
    );
    return docs;
  }

  /**
   * The page-summary terms one edit away from a term no page holds (`search.spelling`), with their
   * weights; [] for a term some page holds, or a short one.
   */
  private respell(term: string): Array<{ id: number; weight: number }> {
    const { from, weight } = this.settings.search.spelling;
    if (term.length < from || weight === 0) return [];
    const frozen = this.freeze();
    const id = this.dict.find(term);
    if (
      id !== undefined &&
      (documentFrequency(frozen.pagePostings, id) > 0 || documentFrequency(frozen.passagePostings, id) > 0)
    )
      return [];
    this.vocabulary ??= vocabularyOf(frozen.pagePostings, this.dict);
    return this.vocabulary.nearby(term, 1).map((m) => ({ id: m, weight }));
  }

  /** Whether some page's summary or passages hold the term. */
  private holds(term: string): boolean {
    return this.documents(term) > 0;
  }

  /** How many page summaries and passages hold the term. */
  private documents(term: string): number {
    const frozen = this.freeze();
    const id = this.dict.find(term);
    return id === undefined
      ? 0
      : documentFrequency(frozen.pagePostings, id) + documentFrequency(frozen.passagePostings, id);
  }

  /**
   * The parts of a question term's compound word (query.ts `compounds`) when few documents hold
   * the term (`search.compounds`) and the wiki supports a split better (compound-parts.ts), each
   * at the compounds' weight; [] otherwise.
   */
  private compoundParts(term: string, query: ParsedQuery): Array<{ id: number; weight: number }> {
    const splits = query.compounds.get(term);
    const { fewDocuments, weight } = this.settings.search.compounds;
    if (!splits || weight === 0) return [];
    const own = this.documents(term);
    if (own > fewDocuments) return [];
    const parts = supportedSplit(own, splits(), (part) => this.documents(part)) ?? [];
    return parts.map((part) => ({ id: this.dict.find(part)!, weight }));
  }

  /**
   * The terms a question term's word may be (query.ts `guesses`, and the title term a
   * letters-and-digits word of the question begins with: title-prefix.ts) that some page holds,
   * at full weight; [] for a term some page holds itself, and for the terms the query adds (two
   * words written as one, "md5 hash" → "md5hash", is no tool name).
   */
  private guessed(term: string, query: ParsedQuery): Array<{ id: number; weight: number }> {
    const own = query.guesses.get(term) ?? [];
    const named = query.tools && mayNameTool(term) && query.terms.includes(term);
    if ((own.length === 0 && !named) || this.holds(term)) return [];
    const guesses = named ? [...own, ...this.titleOf(term)] : own;
    return guesses.flatMap((guess) => {
      const id = this.dict.find(guess);
      return id !== undefined && this.holds(guess) ? [{ id, weight: 1 }] : [];
    });
  }

  /** The title term a letters-and-digits question term begins with (title-prefix.ts), as a list. */
  private titleOf(term: string): string[] {
    const pages = this.freeze().pagePostings;
    const found = titlePrefix(term, (prefix) => {
      const id = this.dict.find(prefix);
      return (
        id !== undefined && id < pages.terms && pages.fieldDf[id * PAGE_FIELDS.length + PAGE_FIELD.title]! > 0
      );
    });
    return found === undefined ? [] : [found];
  }

  /**
   * Passages matching the question's own terms, common ones left out (`search.commonTermShare`; the
   * rarest term is always kept), exactly. Synonyms widen the page search only: both keep this fast.
   */
  searchPassages(
    query: ParsedQuery,
    filter: Filter | undefined,
    visit: (ordinal: number, index: number, score: number, matched: number, indirect: number) => void,
  ): void {
    const frozen = this.freeze();
    const p = frozen.passagePostings;
    this.passageAcc ??= new Accumulator(p.docs);
    const known = query.terms.flatMap((term) => {
      // The term's own reading, and its other readings (query.ts `forms`), each as found.
      const exact = [term, ...(query.forms.get(term) ?? [])].flatMap((form) => {
        const id = this.dict.find(form);
        const df = id === undefined ? 0 : documentFrequency(p, id);
        return id === undefined || (df === 0 && form !== term) ? [] : [{ term, id, df, weight: 1 }];
      });
      const others = exact.some((e) => e.df > 0)
        ? this.compoundParts(term, query)
        : [...this.guessed(term, query), ...this.respell(term), ...this.compoundParts(term, query)];
      return [
        ...exact,
        ...others.map((m) => ({ term, id: m.id, df: documentFrequency(p, m.id), weight: m.weight })),
      ];
    });
    const limit = Math.max(20, p.docs * this.settings.search.commonTermShare);
    let kept = known.filter((k) => k.df > 0 && k.df <= limit);
    if (kept.length === 0) {
      const present = known.filter((k) => k.df > 0);
      if (present.length > 0) kept = [present.reduce((a, b) => (b.df < a.df ? b : a))];
    }
    const searched: SearchedTerm[] = kept.map((k) => ({
      covers: query.covers.get(k.term) ?? 0,
      indirect: false,
      matches: [{ id: k.id, weight: (query.weight.get(k.term) ?? 1) * k.weight }],
    }));
    const mask = this.maskOf(filter);
    this.passageAcc.run(
      p,
      searched,
      this.settings.search.passageBoosts,
      this.settings.search.bm25,
      (doc, score, matched, indirect) => {
        const ordinal = frozen.passagePage[doc]!;
        if (!mask || mask[ordinal] === 1) visit(ordinal, frozen.passageIndex[doc]!, score, matched, indirect);
      },
      this.settings.search.codeCountsHalf ? 1 << PASSAGE_FIELD.code : 0,
    );
  }
}

/** The terms some page summary holds, in the order of their terms: what prefix and typo matching may expand to. */
function vocabularyOf(p: Postings, dict: TermDictionary): Vocabulary {
  const entries: Array<{ term: string; id: number }> = [];
  for (const t of dict.sortedIds())
    if (t < p.terms && p.termStart[t + 1]! > p.termStart[t]!) entries.push({ term: dict.term(t), id: t });
  return new Vocabulary(entries, true);
}
