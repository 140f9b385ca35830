/**
 * Index terms ↔ dense ids. Contract: an id, once given, always names the same term (ids are never
 * reused, so postings and token arrays built earlier stay valid); `find` never adds.
 */
export class TermDictionary {
  private readonly ids: Map<string, number>;
  private readonly terms: string[];
  /** Every id in the order of its term, while it covers every term (the dictionary has not grown since). */
  private order: Uint32Array | undefined;

  /** `order`: the ids sorted by term, as `sortedIds` gives them (a saved index keeps it; checked). */
  constructor(terms: string[] = [], order?: Uint32Array) {
    this.terms = terms;
    if (order) {
      if (!isSortedOrder(terms, order)) throw new RangeError("term order inconsistent");
      this.order = order;
    }
    this.ids = new Map();
    // One set per term, not a [term, id] pair each: a saved index holds tens of thousands of terms.
    for (let i = 0; i < terms.length; i++) this.ids.set(terms[i]!, i);
  }

  get size(): number {
    return this.terms.length;
  }

  /** The term's id, added when new. */
  id(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(term, id);
    }
    return id;
  }

  find(term: string): number | undefined {
    return this.ids.get(term);
  }

  term(id: number): string {
    return this.terms[id] ?? "";
  }

  /**
   * Every id, in the order of its term (by UTF-16 code units, as `<` compares strings): what prefix
   * matching searches (term-expansion.ts). Sorted once and kept until a term is added.
   */
  sortedIds(): Uint32Array {
    if (this.order?.length !== this.terms.length) {
      const terms = this.terms;
      this.order = Uint32Array.from(terms.keys()).sort((a, b) => byTerm(terms[a]!, terms[b]!));
    }
    return this.order;
  }

  /** Every term in id order (index terms never contain a newline, so "\n" joins them safely). */
  all(): readonly string[] {
    return this.terms;
  }
}

/** Terms in code-unit order: the order of `sortedIds` and of the vocabulary (term-expansion.ts). */
export const byTerm = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `order` holds each id of `terms` once, in increasing order of the terms. */
function isSortedOrder(terms: readonly string[], order: Uint32Array): boolean {
  if (order.length !== terms.length) return false;
  // Strictly increasing terms cannot repeat an id.
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    if (id >= terms.length) return false;
    if (i > 0 && !(terms[order[i - 1]!]! < terms[id]!)) return false;
  }
  return true;
}
