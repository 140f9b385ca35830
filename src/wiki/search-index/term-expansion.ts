import { popcount } from "./bits.js";
import { byTerm } from "./term-dictionary.js";
/**
 * Prefix and typo matching over a vocabulary (the terms of page summaries): a question word also
 * matches longer words it begins ("config" → "configur") and words one or two edits away
 * ("permisions" → "permiss"), at a lower weight the further they are.
 */
export interface ExpansionOptions {
  /** Words at least this long match by prefix. */
  prefixFrom: number;
  /** Words at least this long match with typos: up to `typoShare` of their length, at most `maxTypos`. */
  typoFrom: number;
  typoShare: number;
  maxTypos: number;
  prefixWeight: number;
  typoWeight: number;
}

/** One term a word expands to, and the weight of that match. */
export interface Expansion {
  readonly id: number;
  readonly weight: number;
}

/** How many words' expansions a vocabulary remembers before it starts over. */
export const EXPANSION_MEMO_WORDS = 4096;

/**
 * Contract: `expand` is a pure function of the vocabulary, the word and the options, so its results
 * are remembered per word (questions repeat their words far more than their wording): scanning the
 * vocabulary for typos costs a good part of a search. The memo holds at most EXPANSION_MEMO_WORDS
 * words and belongs to one options object; a vocabulary is rebuilt whenever the pages change.
 */
export class Vocabulary {
  private readonly memo = new Map<string, readonly Expansion[]>();
  private readonly nearbyMemo = new Map<string, readonly number[]>();
  private memoOptions: ExpansionOptions | undefined;
  private readonly sorted: string[];
  private readonly ids: number[];
  private readonly letters: Int32Array;
  /** Positions in `sorted` grouped by term length: byLength[n] lists the terms of n characters. */
  private readonly byLength: Uint32Array[];

  /**
   * Only terms some document holds should be given; `sorted`: the entries are in the order of their
   * terms already (TermDictionary.sortedIds), so they are not sorted again.
   */
  constructor(entries: Array<{ term: string; id: number }>, sorted = false) {
    if (!sorted) entries.sort((a, b) => byTerm(a.term, b.term));
    this.sorted = entries.map((e) => e.term);
    this.ids = entries.map((e) => e.id);
    this.letters = Int32Array.from(this.sorted, letterMask);
    const groups: number[][] = [];
    this.sorted.forEach((t, i) => (groups[t.length] ??= []).push(i));
    this.byLength = Array.from(groups, (g) => Uint32Array.from(g ?? []));
  }

  /** The other terms the word matches, with their weights (the word itself is not included). */
  expand(word: string, o: ExpansionOptions): readonly Expansion[] {
    if (this.memoOptions !== o || this.memo.size >= EXPANSION_MEMO_WORDS) {
      this.memo.clear();
      this.memoOptions = o;
    }
    let found = this.memo.get(word);
    if (!found) this.memo.set(word, (found = this.scan(word, o)));
    return found;
  }

  private scan(word: string, o: ExpansionOptions): Expansion[] {
    const out: Expansion[] = [];
    const seen = new Set<number>();
    if (word.length >= o.prefixFrom) {
      for (let i = lowerBound(this.sorted, word); i < this.sorted.length; i++) {
        const term = this.sorted[i]!;
        if (!term.startsWith(word)) break;
        const distance = term.length - word.length;
        if (distance === 0) continue;
        seen.add(i);
        out.push({
          id: this.ids[i]!,
          weight: (o.prefixWeight * term.length) / (term.length + 0.3 * distance),
        });
      }
    }
    const max = word.length >= o.typoFrom ? Math.min(o.maxTypos, Math.round(word.length * o.typoShare)) : 0;
    if (max > 0)
      this.within(word, max, (i, distance) => {
        if (distance === 0 || seen.has(i)) return;
        const term = this.sorted[i]!;
        out.push({ id: this.ids[i]!, weight: (o.typoWeight * term.length) / (term.length + distance) });
      });
    return out;
  }

  /**
   * Ids of the terms exactly `distance` edits from the word, the word itself excluded. Remembered
   * per word and distance as `expand` is (the same bound): a word no page holds is respelled by
   * the page search and again by the passage search, and by every question that repeats it.
   */
  nearby(word: string, distance: number): readonly number[] {
    if (this.nearbyMemo.size >= EXPANSION_MEMO_WORDS) this.nearbyMemo.clear();
    const key = `${distance}:${word}`;
    let found = this.nearbyMemo.get(key);
    if (!found) {
      const out: number[] = [];
      this.within(word, distance, (i, d) => {
        if (d === distance && d > 0) out.push(this.ids[i]!);
      });
      this.nearbyMemo.set(key, (found = out));
    }
    return found;
  }

  /** Calls `found` with the position and distance of every term at most `max` edits from the word. */
  private within(word: string, max: number, found: (i: number, distance: number) => void): void {
    const mask = letterMask(word);
    for (let n = Math.max(1, word.length - max); n <= word.length + max; n++) {
      const group = this.byLength[n];
      if (!group) continue;
      for (let g = 0; g < group.length; g++) {
        const i = group[g]!;
        // One edit changes the presence of at most two letters.
        if (popcount(mask ^ this.letters[i]!) > 2 * max) continue;
        const distance = boundedDistance(word, this.sorted[i]!, max);
        if (distance <= max) found(i, distance);
      }
    }
  }
}

function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) % 32);
  return mask;
}

/** Rows of `boundedDistance`, grown as needed: a search is synchronous, so they are never shared. */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance when it is at most max; otherwise a number above max (max + 1 once it must exceed max). */
export function boundedDistance(a: string, b: string, max: number): number {
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length * 2 + 1);
    currentRow = new Int32Array(b.length * 2 + 1);
  }
  let previous = previousRow;
  let row = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    const swap = previous;
    previous = row;
    row = swap;
  }
  return previous[b.length]!;
}
