import { processTerm, queryTerms, tokenize } from "./analyzer.js";
import { DEFAULT_SETTINGS, type QueryWeights } from "./settings.js";
import { synonymsOf } from "./synonyms.js";

/**
 * A question ready for the engine: its terms (stemmed, no stop words) and the terms searched for
 * them. Each searched term knows which question terms it stands for (`covers`, a bit mask over
 * `terms`) and its weight:
 * - the question's own terms, weight 1;
 * - synonyms (synonyms.ts), weight `weights.synonym`, covering their term;
 * - two adjacent question words written as one ("shut down" → "shutdown", "log in" → "login"),
 *   weight `weights.joined`, covering both: compounds are how commands are often named.
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

/** Question terms beyond this count are searched but not counted in coverage (bit masks). */
const MAX_COUNTED = 30;

/** `weights`: those of the engine's settings (settings.ts `queryWeights`). */
export function parseQuery(text: string, weights: QueryWeights = DEFAULT_SETTINGS.queryWeights): ParsedQuery {
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
    for (const synonym of synonymsOf(term)) add(synonym, bitOf(term), weights.synonym, true);
  const words = tokenize(text);
  for (let i = 1; i < words.length; i++) {
    const left = processTerm(words[i - 1]!);
    const right = processTerm(words[i]!);
    if (left === null || right === null) continue;
    const joined = processTerm(`${words[i - 1]}${words[i]}`);
    if (joined !== null) add(joined, bitOf(left) | bitOf(right), weights.joined, false);
  }
  return { terms, expanded: [...covers.keys()], covers, weight, indirect };
}
