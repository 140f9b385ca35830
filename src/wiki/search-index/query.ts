import { processTerm, queryTerms, tokenize } from "./analyzer.js";
import { SYNONYM_WEIGHT, synonymsOf } from "./synonyms.js";

/**
 * A question ready for the engine: its terms (stemmed, no stop words) and the terms searched for
 * them. Each searched term knows which question terms it stands for (`covers`, a bit mask over
 * `terms`) and its weight:
 * - the question's own terms, weight 1;
 * - synonyms (synonyms.ts), weight QUERY_WEIGHTS.synonym, covering their term;
 * - two adjacent question words written as one ("shut down" → "shutdown", "log in" → "login"),
 *   weight QUERY_WEIGHTS.joined, covering both: compounds are how commands are often named.
 */
export interface ParsedQuery {
  terms: string[];
  /** Every term to search: question terms first, then the others; each once. */
  expanded: string[];
  covers: Map<string, number>;
  weight: Map<string, number>;
  /** Terms that are not the question's own (synonyms): they count half for coverage. */
  indirect: Set<string>;
}

export const JOINED_WEIGHT = 0.7;

/**
 * The weights parseQuery gives the terms it adds, read at every parse: SYNONYM_WEIGHT and
 * JOINED_WEIGHT by default; bench/answer-quality/fit.ts varies them here at run time.
 */
export const QUERY_WEIGHTS = { synonym: SYNONYM_WEIGHT, joined: JOINED_WEIGHT };
/** Question terms beyond this count are searched but not counted in coverage (bit masks). */
const MAX_COUNTED = 30;

export function parseQuery(text: string): ParsedQuery {
  const terms = queryTerms(text).slice(0, 64);
  const covers = new Map<string, number>();
  const weight = new Map<string, number>();
  const indirect = new Set<string>();
  const bitOf = (term: string) => {
    const i = terms.indexOf(term);
    return i >= 0 && i < MAX_COUNTED ? 1 << i : 0;
  };
  const add = (term: string, mask: number, w: number, isIndirect: boolean) => {
    if (covers.has(term)) return;
    covers.set(term, mask);
    weight.set(term, w);
    if (isIndirect) indirect.add(term);
  };
  for (const term of terms) add(term, bitOf(term), 1, false);
  for (const term of terms)
    for (const synonym of synonymsOf(term)) add(synonym, bitOf(term), QUERY_WEIGHTS.synonym, true);
  const words = tokenize(text);
  for (let i = 1; i < words.length; i++) {
    const left = processTerm(words[i - 1]!);
    const right = processTerm(words[i]!);
    if (left === null || right === null) continue;
    const joined = processTerm(`${words[i - 1]}${words[i]}`);
    if (joined !== null) add(joined, bitOf(left) | bitOf(right), QUERY_WEIGHTS.joined, false);
  }
  return { terms, expanded: [...covers.keys()], covers, weight, indirect };
}
