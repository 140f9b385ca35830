import { languageOf } from "./languages.js";
import { LETTER_PAIRS, type LetterPairs, STEPS_PER_BIT } from "./letter-pairs.js";

/**
 * How plausible a text is as words of a language, whatever the wiki holds: the mean surprise, in
 * bits per letter pair, of its words' letters one after another (letter-pairs.ts, counted on each
 * language's prose or word list), each word's edges included. A word the language lists as a stop
 * word or question filler ("как", "the", "bitte") is known and costs nothing. Words of the
 * language cost about 2 to 4 bits a pair; the same keys on the other layout ("rfr dpznm",
 * "рщц ещ") 6 or more.
 */

type Script = "latin" | "cyrillic" | "other";

/** Runs of letters of one script: Latin, Cyrillic, or any other (Han, Hangul, …). */
const RUN = /\p{Script=Latin}+|\p{Script=Cyrillic}+|(?:(?![\p{Script=Latin}\p{Script=Cyrillic}])\p{L})+/gu;

const scriptOf = (word: string): Script =>
  /\p{Script=Latin}/u.test(word) ? "latin" : /\p{Script=Cyrillic}/u.test(word) ? "cyrillic" : "other";

/** The words of a text: its runs of letters of one script, lower-case, "ё" read as "е". */
function wordsOf(text: string): string[] {
  return text.toLowerCase().replaceAll("ё", "е").match(RUN) ?? [];
}

/** A letter of the script the table has no column for (an "ö" in English) costs this many steps. */
const UNKNOWN_LETTER = 30;

/** A table read once: each letter's row and column, and the costs row after row. */
interface ReadTable {
  at: Map<string, number>;
  costs: Uint8Array;
  size: number;
}

const read = new Map<LetterPairs, ReadTable>();

function readTable(pairs: LetterPairs): ReadTable {
  let table = read.get(pairs);
  if (table) return table;
  const letters = [...pairs.letters];
  const size = letters.length + 1;
  const costs = new Uint8Array(size * size);
  pairs.rows.forEach((row, a) => [...row].forEach((digit, b) => (costs[a * size + b] = parseInt(digit, 36))));
  table = { at: new Map(letters.map((ch, i) => [ch, i + 1])), costs, size };
  read.set(pairs, table);
  return table;
}

/** The summed cost, in steps, of a word's letter pairs, its edges included. */
function wordCost(word: string, pairs: LetterPairs): number {
  const { at, costs, size } = readTable(pairs);
  let cost = 0;
  let before = 0;
  for (const ch of word) {
    const here = at.get(ch);
    cost += here === undefined ? UNKNOWN_LETTER : costs[before * size + here]!;
    before = here ?? 0;
  }
  return cost + costs[before * size]!;
}

/** A text's cost in a language: bits per letter pair of its words in that script, and how many pairs. */
export interface LetterCost {
  bits: number;
  pairs: number;
}

/**
 * The text's mean cost per letter pair in a language, over its words in the language's script
 * (the others are not its words); undefined when it has none, or the language has no table.
 */
export function letterCost(text: string, locale: string): LetterCost | undefined {
  const table = LETTER_PAIRS[locale];
  if (table === undefined) return undefined;
  const script = scriptOf(table.letters);
  const known = languageOf(locale)?.stopWords;
  let cost = 0;
  let pairs = 0;
  for (const word of wordsOf(text)) {
    if (scriptOf(word) !== script) continue;
    pairs += [...word].length + 1;
    if (!known?.has(word)) cost += wordCost(word, table);
  }
  return pairs === 0 ? undefined : { bits: cost / pairs / STEPS_PER_BIT, pairs };
}

/** The lowest cost of a text among languages (the one it reads best in); undefined when none reads it. */
function bestCost(text: string, locales: readonly string[]): LetterCost | undefined {
  const costs = locales.flatMap((l) => letterCost(text, l) ?? []);
  return costs.length === 0 ? undefined : costs.reduce((a, b) => (b.bits < a.bits ? b : a));
}

/**
 * The languages a text of a script may be typed in (those with a table), and the one a twin in
 * that script is read in: a Latin twin is English (the layout twins are US QWERTY), a Cyrillic
 * twin Russian (ЙЦУКЕН, and transliteration).
 */
const TYPED_IN: Record<Exclude<Script, "other">, readonly string[]> = {
  latin: ["en", "de", "es", "fr", "pl", "cs", "hr"],
  cyrillic: ["ru", "uk"],
};
const TWIN_IN: Record<Exclude<Script, "other">, string> = { latin: "en", cyrillic: "ru" };

/** The script every word of a text is in; "other" when they differ, or it has none. */
function soleScript(text: string): Script {
  const scripts = new Set(wordsOf(text).map(scriptOf));
  return scripts.size === 1 ? [...scripts][0]! : "other";
}

/**
 * When a text reads as a slip (tuned on the dev part of test/fixtures/twin-questions.ts): as
 * typed, at least `implausible` bits a pair in each of its script's languages, over at least
 * `leastPairs` pairs (a word or two of three letters, "jq", "vpn", says too little); its twin at
 * most `plausible` bits in the other's language, and at least `margin` bits fewer than as typed.
 */
export const SLIP = { implausible: 3.85, plausible: 4.3, margin: 0.6, leastPairs: 6 } as const;

/**
 * Whether `typed` is a slip of which `twin` is what was meant (twins.ts uses a twin only then): the
 * text as typed is implausible in every language of its script and the twin plausible in the
 * other's (SLIP). A text holding letters of another script (Chinese, …) is never a slip: its
 * input method was on; nor is one whose twin keeps letters of the text's script (a "ł" or an
 * "é" that neither the other layout nor transliteration turns).
 */
export function isSlip(typed: string, twin: string): boolean {
  const script = soleScript(typed);
  const twinScript = soleScript(twin);
  if (script === "other" || twinScript === "other" || script === twinScript) return false;
  const asTyped = bestCost(typed, TYPED_IN[script]);
  const asTwin = letterCost(twin, TWIN_IN[twinScript]);
  if (asTyped === undefined || asTwin === undefined || asTyped.pairs < SLIP.leastPairs) return false;
  return (
    asTyped.bits >= SLIP.implausible &&
    asTwin.bits <= SLIP.plausible &&
    asTyped.bits - asTwin.bits >= SLIP.margin
  );
}
