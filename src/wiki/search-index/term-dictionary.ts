/**
 * Index terms ↔ dense ids. Contract: an id, once given, always names the same term (ids are never
 * reused, so postings and token arrays built earlier stay valid); `find` never adds.
 */
export class TermDictionary {
  private readonly ids: Map<string, number>;
  private readonly terms: string[];

  constructor(terms: string[] = []) {
    this.terms = terms;
    this.ids = new Map(terms.map((t, i) => [t, i]));
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

  /** Every term in id order (index terms never contain a newline, so "\n" joins them safely). */
  all(): readonly string[] {
    return this.terms;
  }
}
