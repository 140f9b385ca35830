import { processTerm, tokenize } from "./analyzer.js";
import type { ParsedQuery } from "./query.js";

export interface TextEvidence {
  /** Bit mask of the question terms found (themselves or in a compound). */
  matched: number;
  /** Bit mask of the question terms found only through a synonym. */
  indirect: number;
  /**
   * Share (0–1) of the question's adjacent term pairs ("disk usage", "symbolic link") that also
   * stand next to each other in the texts, stop words skipped and synonyms counted.
   */
  phrase: number;
}

/**
 * What a page's own words (title, description, best passages) show of the question: read for the
 * few best pages only, it credits common terms the passage search leaves out and rewards phrases.
 */
export function textEvidence(query: ParsedQuery, texts: readonly string[]): TextEvidence {
  const wanted = new Set<string>();
  for (let i = 1; i < query.terms.length; i++) wanted.add(`${query.terms[i - 1]} ${query.terms[i]}`);
  const pairs = new Set<string>();
  let matched = 0;
  let indirect = 0;
  for (const text of texts) {
    let previous: string | undefined;
    for (const word of tokenize(text)) {
      const term = processTerm(word);
      if (term === null) continue;
      const mask = query.covers.get(term);
      if (mask === undefined) {
        previous = undefined;
        continue;
      }
      if (query.indirect.has(term)) indirect |= mask;
      else matched |= mask;
      const concept = mask === 0 ? undefined : query.terms[31 - Math.clz32(mask)];
      if (concept !== undefined && previous !== undefined) {
        const pair = `${previous} ${concept}`;
        if (wanted.has(pair)) pairs.add(pair);
      }
      previous = concept;
    }
  }
  return { matched, indirect, phrase: wanted.size === 0 ? 0 : pairs.size / wanted.size };
}
