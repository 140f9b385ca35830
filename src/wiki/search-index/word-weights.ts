import { foldAccents } from "./accents.js";
import { popcount } from "./bits.js";

/**
 * How much each word of a question counts in a page's coverage (rank.ts: the share of the
 * question a page matched, raised to the coordination power). Every word counts 1, except in a
 * language that says otherwise (`Language.wordWeight`, by the question's weighing language,
 * query.ts `weighingLanguage`):
 *
 * - light words count 0.5, on both sides of the share: a question of three words, one of them
 *   light, is covered 2 / 2.5 by a page holding the two others, instead of 2 / 3. A light word
 *   still scores where a page holds it;
 * - heavy words count 2: a page lacking one has missed much of the question.
 *
 * - Spanish: the words of the long stop-word list kept as content words (`ES_CONTENT`: "ver",
 *   "todo", "nuevo", "dos", "último") are light: they say what a command does often enough to be
 *   searched, but people type them far more than the pages say them;
 * - Chinese: a word of one character is light. Intl.Segmenter leaves the characters it finds no
 *   word for alone ("解压" → "解", "压"; "服务器" → "服务", "器"), so one word the user typed
 *   counts two or three times, and single characters are mostly particles and fragments ("下",
 *   "成", "看");
 * - Chinese: a word in Latin letters is heavy. Typing one means switching the input method: it is
 *   the command, tool or file type asked about ("ping", "tar", "zip", "commit").
 *
 * A language without `wordWeight` (English, German, Russian …) ranks exactly as before. Weighing
 * every word of a question alike (an English question asked of a Chinese agent) changes nothing.
 */

/** The weight of the question terms in `mask`: 1 each, those of `light` 0.5, those of `heavy` 2. */
export function coverageWeight(mask: number, light: number, heavy: number): number {
  return popcount(mask & ~light & ~heavy) + 0.5 * popcount(mask & light) + 2 * popcount(mask & heavy);
}

export const LIGHT = 0.5;
export const HEAVY = 2;

const LATIN = /\p{Script=Latin}/u;

/** Chinese (normalised words): Latin letters heavy, one character light, else 1. */
export function chineseWordWeight(word: string): number {
  if (LATIN.test(word)) return HEAVY;
  return [...word].length === 1 ? LIGHT : 1;
}

/** Light for the words of `words` (normalised words; accents optional), else 1. */
export function lightWords(words: string): (word: string) => number {
  const set = new Set(words.split(/\s+/).filter(Boolean).map(foldAccents));
  return (word) => (set.has(foldAccents(word)) ? LIGHT : 1);
}
