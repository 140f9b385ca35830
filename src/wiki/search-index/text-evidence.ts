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
 * What a page's own words (title, description, best passages, as sequences of term ids; `ids`
 * names the question's searched terms by id) show of the question: read for the few best pages only, it credits common terms the passage search leaves
 * out and rewards phrases.
 */
export function textEvidence(
  query: ParsedQuery,
  ids: ReadonlyMap<number, string>,
  sequences: ReadonlyArray<ArrayLike<number>>,
): TextEvidence {
  const wanted = new Set<string>();
  for (let i = 1; i < query.terms.length; i++) wanted.add(`${query.terms[i - 1]} ${query.terms[i]}`);
  const pairs = new Set<string>();
  let matched = 0;
  let indirect = 0;
  for (const sequence of sequences) {
    let previous: string | undefined;
    for (let i = 0; i < sequence.length; i++) {
      const term = ids.get(sequence[i]!);
      const mask = term === undefined ? undefined : query.covers.get(term);
      if (term === undefined || mask === undefined) {
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
