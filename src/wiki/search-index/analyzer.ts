import { stemmer } from "stemmer";
import { STOP_WORDS } from "./stop-words.js";

/**
 * How text becomes search terms, the same way for pages and for questions (a change here must bump
 * INDEX_FORMAT_VERSION, since a saved index holds the terms of the old analyzer).
 *
 * - tldr's key hints are undone first: "E[x]tract" → "Extract", "[c]reate" → "create";
 * - words are runs of letters and digits (any script); "tar.gz" gives "tar" and "gz";
 * - lower-cased, English stop words dropped, then Porter-stemmed (Latin letters only; other scripts
 *   are kept as they are, since an English stemmer would mangle them).
 */
export const ANALYZER_VERSION = 1;

const KEY_HINT = /\[([\p{L}\p{N}]{1,3})\](?!\()/gu;
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;
const LATIN_WORD = /^[a-z]+$/;

/** tldr key hints removed, so that "[c]reate" reads "create". Keeps Markdown links intact. */
export function undoKeyHints(text: string): string {
  return text.replace(KEY_HINT, "$1");
}

/** Raw words of a text, lower-cased (no stop-word removal, no stemming). */
export function tokenize(text: string): string[] {
  return undoKeyHints(text).toLowerCase().match(WORD) ?? [];
}

/** One raw word → its index term, or null for a stop word. */
export function processTerm(word: string): string | null {
  const lower = word.toLowerCase().replace(/'s$/, "");
  if (lower.length === 0 || STOP_WORDS.has(lower)) return null;
  if (lower.length > 2 && LATIN_WORD.test(lower)) return stemmer(lower);
  return lower;
}

/** The distinct index terms of a question, in order. */
export function queryTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    const term = processTerm(word);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}
