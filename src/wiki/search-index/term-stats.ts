import { processTerm, tokenize } from "./analyzer.js";
import type { Passage } from "./passages.js";

/** The distinct index terms of a passage (heading, text and code). */
export function passageTerms(passage: Pick<Passage, "heading" | "text" | "code">): Set<string> {
  const terms = new Set<string>();
  for (const word of tokenize(`${passage.heading}\n${passage.text}\n${passage.code}`)) {
    const term = processTerm(word);
    if (term !== null) terms.add(term);
  }
  return terms;
}

/**
 * Document frequency of each term over all passages. Contract: after `add(p)` and `remove(p)`
 * calls matching the passages in the index, `df(t)` is the number of indexed passages holding t.
 */
export class TermStats {
  private readonly counts = new Map<string, number>();
  passages = 0;

  add(passage: Pick<Passage, "heading" | "text" | "code">): void {
    this.passages++;
    for (const term of passageTerms(passage)) this.counts.set(term, (this.counts.get(term) ?? 0) + 1);
  }

  remove(passage: Pick<Passage, "heading" | "text" | "code">): void {
    this.passages--;
    for (const term of passageTerms(passage)) {
      const n = (this.counts.get(term) ?? 1) - 1;
      if (n > 0) this.counts.set(term, n);
      else this.counts.delete(term);
    }
  }

  df(term: string): number {
    return this.counts.get(term) ?? 0;
  }

  toJSON(): Array<[string, number]> {
    return [...this.counts];
  }

  static fromJSON(entries: Array<[string, number]>, passages: number): TermStats {
    const stats = new TermStats();
    for (const [term, count] of entries) {
      if (typeof term === "string" && typeof count === "number") stats.counts.set(term, count);
    }
    stats.passages = passages;
    return stats;
  }
}
