import {
  type Language,
  languageOf,
  normalizeText,
  processTerm,
  readerOf,
  scriptOf,
  tokenize,
} from "./analyzer.js";
import { DEFAULT_SETTINGS, type QueryWeights } from "./settings.js";
import { synonymsOf } from "./synonyms.js";
import { HEAVY, LIGHT } from "./word-weights.js";

/**
 * A question ready for the engine: its terms (stemmed, no stop words) and the terms searched for
 * them. Each searched term knows which question terms it stands for (`covers`, a bit mask over
 * `terms`) and its weight:
 * - the question's own terms, weight 1;
 * - synonyms (synonyms.ts), weight `weights.synonym`, covering their term;
 * - two adjacent question words written as one ("shut down" → "shutdown", "log in" → "login"),
 *   weight `weights.joined`, covering both: compounds are how commands are often named;
 * - the other readings of a word (`forms`), weight 1, covering it: a word is read first in the
 *   first of the question's languages of its script, then in the others and in its script's
 *   default (analyzer.ts), so a German question meets "docker" both as German prose and as code;
 * - a verb without its separable particle (Language.particleBase: German "anzeigen" → "zeig"),
 *   weight `weights.particle` (0: not searched), covering it.
 * Compound parts and guesses are searched only when the engine finds the term rare or absent
 * (`compounds`, `guesses`).
 */
export interface ParsedQuery {
  terms: string[];
  /** Every term to search: question terms first, then the others; each once. */
  expanded: string[];
  covers: Map<string, number>;
  weight: Map<string, number>;
  /** Terms that are not the question's own (synonyms): they count half for coverage. */
  indirect: Set<string>;
  /** Bit masks over the counted `terms`: those counting 0.5 and 2 in coverage (word-weights.ts). */
  light: number;
  heavy: number;
  /** Per question term, its other readings (absent when it has none). */
  forms: Map<string, string[]>;
  /**
   * Per question term, the terms its word may be when no page holds the term (Language.guesses),
   * searched only then (engine.ts `guessed`), covering it.
   */
  guesses: Map<string, string[]>;
  /**
   * Per question term whose word's language splits compounds (Language.splits), the word's splits
   * into part terms, made on first call; the engine searches the parts of the split the wiki
   * supports when few or no pages hold the term (engine.ts `compoundParts`).
   */
  compounds: Map<string, () => readonly (readonly string[])[]>;
  /**
   * Whether a letters-and-digits question term on no page may stand for a title term it begins
   * with (title-prefix.ts, engine.ts `guessed`); false for a twin (parseQuery `guess`).
   */
  tools: boolean;
}

/** One reading of a word: its term, and the locale of the language that read it (none: kept as is). */
interface Reading {
  term: string;
  locale: string | undefined;
}

/** A word's readings, first the one of the first language of its script; [] for a stop word. */
function readingsOf(word: string, languages: readonly Language[]): Reading[] {
  const own = languages.find((l) => readerOf(word, l) === l);
  const first = processTerm(word, own);
  if (first === null) return [];
  const normal = normalizeText(word);
  const out: Reading[] = [{ term: first, locale: readerOf(normal, own)?.locale }];
  for (const language of [...languages, undefined]) {
    if (language === own) continue;
    const term = processTerm(word, language);
    if (term !== null && !out.some((r) => r.term === term))
      out.push({ term, locale: readerOf(normal, language)?.locale });
  }
  return out;
}

/** Question terms beyond this count are searched but not counted in coverage (bit masks). */
const MAX_COUNTED = 30;

/** Letters that tell the segmented scripts apart: a question holding them is not Chinese. */
const NOT_CHINESE: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Thai}/u, "th"],
];

/**
 * The language a question's words are weighed by: its first language, else (none given: an agent
 * of every locale) the one its words not in Latin letters are written in: Cyrillic → Russian;
 * a segmented script → Japanese, Korean or Thai by their own letters, else (Han alone) Chinese. A
 * question all in Latin letters is then weighed alike.
 */
function weighingLanguage(words: readonly string[], languages: readonly Language[]): Language | undefined {
  if (languages.length > 0) return languages[0];
  const word = words.find((w) => scriptOf(w) !== "latin" && scriptOf(w) !== "other");
  if (word === undefined) return undefined;
  if (scriptOf(word) !== "segmented") return readerOf(normalizeText(word), undefined);
  const text = words.join(" ");
  return languageOf(NOT_CHINESE.find(([letters]) => letters.test(text))?.[1] ?? "zh");
}

/**
 * The counted question terms whose word weighs other than 1 in coverage, by the question's
 * weighing language (`Language.wordWeight`): `light` (0.5) and `heavy` (2) bit masks over `terms`.
 */
function weightsOf(
  words: readonly string[],
  readings: readonly Reading[][],
  terms: readonly string[],
  language: Language | undefined,
): { light: number; heavy: number } {
  let light = 0;
  let heavy = 0;
  if (!language?.wordWeight) return { light, heavy };
  words.forEach((word, i) => {
    const first = readings[i]![0];
    const at = first === undefined ? -1 : terms.indexOf(first.term);
    if (at < 0 || at >= MAX_COUNTED || ((light | heavy) & (1 << at)) !== 0) return;
    const w = language.wordWeight!(normalizeText(word));
    if (w === LIGHT) light |= 1 << at;
    else if (w === HEAVY) heavy |= 1 << at;
  });
  return { light, heavy };
}

/**
 * `weights`: those of the engine's settings (settings.ts `queryWeights`); `languages`: the
 * question's, in order of preference (none: each word is read by its script's default);
 * `guess: false` (a keyboard-layout or transliteration twin, twins.ts): its words are not guessed
 * at: no verb without its particle, no guesses, no compound parts, no title term for a
 * letters-and-digits word; the twin keeps its own terms, their other readings, synonyms, and two
 * words written as one.
 */
export function parseQuery(
  text: string,
  weights: QueryWeights = DEFAULT_SETTINGS.queryWeights,
  languages: readonly Language[] = [],
  { guess = true }: { guess?: boolean } = {},
): ParsedQuery {
  const words = tokenize(text);
  const readings = words.map((w) => readingsOf(w, languages));
  const terms: string[] = [];
  const forms = new Map<string, string[]>();
  /** Every reading of each question term (its own first), for its synonyms in each language. */
  const readingsOfTerm = new Map<string, Reading[]>();
  for (const [first, ...others] of readings) {
    if (first === undefined || terms.includes(first.term)) continue;
    if (terms.length >= 64) break;
    terms.push(first.term);
    readingsOfTerm.set(first.term, [first, ...others]);
    if (others.length > 0)
      forms.set(
        first.term,
        others.map((r) => r.term),
      );
  }
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
  for (const [term, others] of forms) for (const form of others) add(form, bitOf(term), 1, false);
  for (const term of terms)
    for (const reading of readingsOfTerm.get(term)!)
      for (const synonym of synonymsOf(reading.term, reading.locale))
        add(synonym, bitOf(term), weights.synonym, true);
  if (guess && weights.particle > 0)
    eachOwnWord(words, readings, languages, "particleBase", (term, word, reader) => {
      const base = reader.particleBase!(word, (w) => processTerm(w, reader));
      if (base && base !== term) add(base, bitOf(term), weights.particle, false);
    });
  for (let i = 1; i < words.length; i++) {
    const left = readings[i - 1]![0];
    const right = readings[i]![0];
    if (left === undefined || right === undefined) continue;
    const joined = readingsOf(`${words[i - 1]}${words[i]}`, languages)[0];
    if (joined !== undefined) add(joined.term, bitOf(left.term) | bitOf(right.term), weights.joined, false);
  }
  return {
    terms,
    ...weightsOf(words, readings, terms, weighingLanguage(words, languages)),
    expanded: [...covers.keys()],
    covers,
    weight,
    indirect,
    forms,
    guesses: guess ? guessesOf(words, readings, languages) : new Map(),
    compounds: guess ? compoundsOf(words, readings, languages) : new Map(),
    tools: guess,
  };
}

/**
 * Calls `visit` once per question term with its word (normalised) and the language that read it
 * first, when that language has `hook`, for a word read in one of the question's languages (any,
 * when none is given): a Russian word asked of an English-only agent is not guessed at or split,
 * since its pages hold no Russian to meet.
 */
function eachOwnWord(
  words: readonly string[],
  readings: readonly Reading[][],
  languages: readonly Language[],
  hook: "guesses" | "splits" | "particleBase",
  visit: (term: string, word: string, reader: Language) => void,
): void {
  const seen = new Set<string>();
  words.forEach((word, i) => {
    const first = readings[i]![0];
    const reader = languageOf(first?.locale);
    if (first === undefined || !reader?.[hook] || seen.has(first.term)) return;
    seen.add(first.term);
    if (languages.length > 0 && !languages.includes(reader)) return;
    visit(first.term, normalizeText(word), reader);
  });
}

/** Per question term, the terms of the other words its word may be (Language.guesses). */
function guessesOf(
  words: readonly string[],
  readings: readonly Reading[][],
  languages: readonly Language[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  eachOwnWord(words, readings, languages, "guesses", (term, word, reader) => {
    const terms = reader.guesses!(word, (guess) => processTerm(guess, reader)).filter((t) => t !== term);
    if (terms.length > 0) out.set(term, [...new Set(terms)]);
  });
  return out;
}

/** Per question term, its word's splits into compound parts (Language.splits), made when first asked for. */
function compoundsOf(
  words: readonly string[],
  readings: readonly Reading[][],
  languages: readonly Language[],
): Map<string, () => readonly (readonly string[])[]> {
  const out = new Map<string, () => readonly (readonly string[])[]>();
  eachOwnWord(words, readings, languages, "splits", (term, word, reader) => {
    const splits = reader.splits!;
    out.set(term, () => splits(word, (part) => processTerm(part, reader)));
  });
  return out;
}
