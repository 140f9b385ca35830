/**
 * An inverted index in typed arrays, built from encoded documents (doc-tokens.ts), searched with
 * BM25+ per field. Frozen once built: a change to the documents builds a new one (engine.ts).
 *
 * Layout (T terms, N documents, F fields, P postings):
 * - `termStart` (T+1): the postings of term t are [termStart[t], termStart[t+1]);
 * - `postDoc` (P): the document of each posting, ascending within a term;
 * - `postTf` (P×F): the term's frequency in each field of that document;
 * - `fieldDf` (T×F): how many documents hold the term in each field;
 * - `lengths` (N×F): raw word counts per field; `avgLength` (F) their means.
 */
export interface Postings {
  fields: number;
  docs: number;
  terms: number;
  termStart: Uint32Array;
  postDoc: Uint32Array;
  postTf: Uint16Array;
  fieldDf: Uint32Array;
  lengths: Uint32Array;
  avgLength: Float64Array;
}

/** Where the documents are: document i starts at `datas[i][offsets[i]]`. */
export interface DocSource {
  datas: Uint32Array[];
  offsets: number[];
}

export function buildPostings(source: DocSource, F: number, T: number): Postings {
  const N = source.datas.length;
  const mark = new Int32Array(T).fill(-1);
  const df = new Uint32Array(T + 1);
  const lengths = new Uint32Array(N * F);
  const sums = new Float64Array(F);
  for (let d = 0; d < N; d++) {
    const data = source.datas[d]!;
    const o = source.offsets[d]!;
    let end = o + 2 * F;
    for (let f = 0; f < F; f++) {
      lengths[d * F + f] = data[o + f]!;
      sums[f] = sums[f]! + data[o + f]!;
      end += data[o + F + f]!;
    }
    for (let i = o + 2 * F; i < end; i++) {
      const t = data[i]!;
      if (mark[t] !== d) {
        mark[t] = d;
        df[t]!++;
      }
    }
  }
  const termStart = new Uint32Array(T + 1);
  for (let t = 0; t < T; t++) termStart[t + 1] = termStart[t]! + df[t]!;
  const P = termStart[T]!;
  const postDoc = new Uint32Array(P);
  const postTf = new Uint16Array(P * F);
  const fieldDf = new Uint32Array(T * F);
  const cursor = termStart.slice(0, T);
  const slot = new Uint32Array(T);
  mark.fill(-1);
  for (let d = 0; d < N; d++) {
    const data = source.datas[d]!;
    const o = source.offsets[d]!;
    let i = o + 2 * F;
    for (let f = 0; f < F; f++) {
      const end = i + data[o + F + f]!;
      for (; i < end; i++) {
        const t = data[i]!;
        if (mark[t] !== d) {
          mark[t] = d;
          slot[t] = cursor[t]!++;
          postDoc[slot[t]!] = d;
        }
        const k = slot[t]! * F + f;
        if (postTf[k] === 0) fieldDf[t * F + f]!++;
        if (postTf[k]! < 0xffff) postTf[k]!++;
      }
    }
  }
  const avgLength = sums.map((s) => (N === 0 ? 0 : s / N));
  return { fields: F, docs: N, terms: T, termStart, postDoc, postTf, fieldDf, lengths, avgLength };
}

/** How many documents hold the term (any field); 0 for a term unknown to these postings. */
export function documentFrequency(p: Postings, t: number): number {
  return t < p.terms ? p.termStart[t + 1]! - p.termStart[t]! : 0;
}

export interface Bm25Params {
  k: number;
  b: number;
  /** BM25+ lower bound of a match's term-frequency part. */
  d: number;
  /**
   * "bm25f": the fields' length-normalised frequencies are weighted and summed first, then
   * saturated once, with the idf of the document (a word in title and text is one strong match);
   * "per-field": BM25+ of each field, weighted and summed (each field saturates on its own).
   */
  combine: "bm25f" | "per-field";
}

/** One searched term: which dictionary terms it matches (itself, by prefix or typo) and at what weight. */
export interface SearchedTerm {
  /** Bit mask over the question's terms this term stands for. */
  covers: number;
  /** A synonym: counted apart from the question's own terms. */
  indirect: boolean;
  matches: Array<{ id: number; weight: number }>;
}

/** Per-term weights of some fields (`fields`, a bit mask over fields), indexed by term id. */
export interface FieldScale {
  fields: number;
  by: ArrayLike<number>;
}

/**
 * Scratch space reused by every search on one Postings (searches are synchronous, so never
 * overlap). Contract: between searches, every slot is zero and `count` is 0.
 */
export class Accumulator {
  readonly scores: Float64Array;
  readonly matched: Int32Array;
  readonly indirect: Int32Array;
  readonly quality: Uint8Array;
  private readonly last: Int32Array;
  readonly touched: Uint32Array;
  count = 0;

  constructor(docs: number) {
    this.scores = new Float64Array(docs);
    this.matched = new Int32Array(docs);
    this.indirect = new Int32Array(docs);
    this.quality = new Uint8Array(docs);
    this.last = new Int32Array(docs).fill(-1);
    this.touched = new Uint32Array(docs);
  }

  /**
   * BM25+ of the searched terms over the postings, per field, weighted by field boost and term
   * weight, summed over terms; then multiplied by how many searched terms matched (a document
   * matching more of the question wins). Calls `visit` for each matching document, then resets.
   * A term found only in `weakFields` (a bit mask over fields) counts as `indirect`, not `matched`.
   * Each of `fieldScales` multiplies the weight of its fields by the matched term's entry in `by`.
   */
  run(
    p: Postings,
    searched: readonly SearchedTerm[],
    boosts: readonly number[],
    bm25: Bm25Params,
    visit: (doc: number, score: number, matched: number, indirect: number) => void,
    weakFields = 0,
    fieldScales: readonly FieldScale[] = [],
  ): void {
    const F = p.fields;
    const N = p.docs;
    const { k, b, d } = bm25;
    const idf = new Float64Array(F);
    const scale = new Float64Array(F);
    for (let s = 0; s < searched.length; s++) {
      const term = searched[s]!;
      for (const { id, weight } of term.matches) {
        if (id >= p.terms) continue;
        const bm25f = bm25.combine === "bm25f";
        const docIdf = Math.log(
          1 +
            (N - (p.termStart[id + 1]! - p.termStart[id]!) + 0.5) /
              (p.termStart[id + 1]! - p.termStart[id]! + 0.5),
        );
        for (let f = 0; f < F; f++) {
          const df = p.fieldDf[id * F + f]!;
          idf[f] =
            df === 0 ? 0 : boosts[f]! * weight * (bm25f ? 1 : Math.log(1 + (N - df + 0.5) / (df + 0.5)));
          scale[f] = b / (p.avgLength[f]! || 1);
        }
        for (const { fields, by } of fieldScales)
          for (let f = 0; f < F; f++) if ((fields & (1 << f)) !== 0) idf[f]! *= by[id] ?? 1;
        const to = p.termStart[id + 1]!;
        for (let i = p.termStart[id]!; i < to; i++) {
          const doc = p.postDoc[i]!;
          let score = 0;
          let strong = false;
          for (let f = 0; f < F; f++) {
            const tf = p.postTf[i * F + f]!;
            if (tf === 0 || idf[f] === 0) continue;
            if ((weakFields & (1 << f)) === 0) strong = true;
            const norm = 1 - b + scale[f]! * p.lengths[doc * F + f]!;
            // bm25f: idf[f] is the field's weight; per-field: the weighted idf of the field.
            score += bm25f ? (idf[f]! * tf) / norm : idf[f]! * (d + (tf * (k + 1)) / (tf + k * norm));
          }
          if (bm25f && score > 0) score = docIdf * (d + (score * (k + 1)) / (score + k));
          if (score === 0) continue;
          if (this.last[doc] === -1 && this.quality[doc] === 0) this.touched[this.count++] = doc;
          this.scores[doc]! += score;
          if (this.last[doc] !== s) {
            this.last[doc] = s;
            this.quality[doc]!++;
          }
          if (term.indirect || !strong) this.indirect[doc]! |= term.covers;
          else this.matched[doc]! |= term.covers;
        }
      }
    }
    for (let i = 0; i < this.count; i++) {
      const doc = this.touched[i]!;
      visit(doc, this.scores[doc]! * this.quality[doc]!, this.matched[doc]!, this.indirect[doc]!);
      this.scores[doc] = 0;
      this.matched[doc] = 0;
      this.indirect[doc] = 0;
      this.quality[doc] = 0;
      this.last[doc] = -1;
    }
    this.count = 0;
  }
}
