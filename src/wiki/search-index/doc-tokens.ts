import { type Language, processTerm, tokenize } from "./analyzer.js";
import type { TermDictionary } from "./term-dictionary.js";

/**
 * One indexed document (a page's summary, or a passage) as numbers, in one Uint32Array:
 *   [raw word count of field 0 … F-1, term count of field 0 … F-1, term ids of field 0, of field 1, …]
 * The raw count (stop words included) is the field length BM25 normalises by; the term ids keep
 * the field's order, so the same array serves proximity. Contract: `encodeDoc` and the readers
 * below agree on this layout for any number of fields. Words are read in `language` (the page's),
 * except in the fields of `codeFields` (a bit mask), read by their script alone (analyzer.ts):
 * code is the same in every language.
 */
export function encodeDoc(
  fields: readonly string[],
  dict: TermDictionary,
  language?: Language,
  codeFields = 0,
): Uint32Array {
  const F = fields.length;
  const raw: number[] = [];
  const ids: number[][] = [];
  for (const [f, text] of fields.entries()) {
    const words = tokenize(text);
    const reader = (codeFields & (1 << f)) === 0 ? language : undefined;
    raw.push(words.length);
    const own: number[] = [];
    for (const word of words) {
      const term = processTerm(word, reader);
      if (term !== null) own.push(dict.id(term));
    }
    ids.push(own);
  }
  const out = new Uint32Array(2 * F + ids.reduce((n, a) => n + a.length, 0));
  let at = 2 * F;
  for (let f = 0; f < F; f++) {
    out[f] = raw[f]!;
    out[F + f] = ids[f]!.length;
    out.set(ids[f]!, at);
    at += ids[f]!.length;
  }
  return out;
}

/** The term ids of some fields of an encoded document, in order, as one view or copy. */
export function fieldTerms(
  data: Uint32Array,
  offset: number,
  F: number,
  fields: readonly number[],
): Uint32Array {
  const starts: number[] = [];
  let at = offset + 2 * F;
  for (let f = 0; f < F; f++) {
    starts.push(at);
    at += data[offset + F + f]!;
  }
  if (fields.length === 1) {
    const f = fields[0]!;
    return data.subarray(starts[f]!, starts[f]! + data[offset + F + f]!);
  }
  const parts = fields.map((f) => data.subarray(starts[f]!, starts[f]! + data[offset + F + f]!));
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let w = 0;
  for (const p of parts) {
    out.set(p, w);
    w += p.length;
  }
  return out;
}
