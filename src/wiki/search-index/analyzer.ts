import { foldAccents } from "./accents.js";
import { DEFAULT_FOR_SCRIPT, type Language, languageOf, type Script } from "./languages.js";

/**
 * How text becomes search terms, the same way for pages and for questions (a change here must bump
 * ANALYZER_VERSION, since a saved index holds the terms of the old analyzer).
 *
 * - tldr's key hints are undone first: "E[x]tract" → "Extract", "[c]reate" → "create";
 * - Unicode NFKC, lower case (case folding), Russian "ё" read as "е";
 * - words are runs of letters and digits; "tar.gz" gives "tar" and "gz"; a run is split where its
 *   script changes ("rsync同步目录" → "rsync", "同步目录"), and Chinese, Japanese, Korean and Thai
 *   runs are cut into words by Intl.Segmenter (ICU's dictionaries, built into Node);
 * - each word is read by a language (languages.ts): the page's (or question's) when the word is
 *   of that language's script, else the default of its script (Latin → English, Cyrillic →
 *   Russian), so command names and code tokens in a Russian or Chinese page are read as they are
 *   in English pages. The language drops its stop words, folds accents where users leave them out
 *   ("como" = "cómo") and stems (Snowball; Porter for English).
 */
export const ANALYZER_VERSION = 5;

const KEY_HINT = /\[([\p{L}\p{N}]{1,3})\](?!\()/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:'[\p{L}]+)?/gu;
const LATIN_WORD = /^[a-z]+$/;
/** A word of one script (or digits) needs no splitting: the common case, tested first. */
const PLAIN_LATIN = /^[\p{Script=Latin}\p{N}']+$/u;
const PLAIN_CYRILLIC = /^[\p{Script=Cyrillic}\p{N}']+$/u;
const SEGMENTED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;

/** Made on first use: a process that meets no CJK or Thai text never builds one. */
let segmenter: Intl.Segmenter | undefined;

/** tldr key hints removed, so that "[c]reate" reads "create". Keeps Markdown links intact. */
export function undoKeyHints(text: string): string {
  return text.replace(KEY_HINT, "$1");
}

/** NFKC, lower case, "ё" → "е": the form every word is compared in. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/ё/g, "е");
}

/** The script of a character, or undefined for a digit or apostrophe (they join their neighbours). */
function scriptOfChar(ch: string): Script | undefined {
  if (LATIN_LETTER.test(ch)) return "latin";
  if (CYRILLIC_LETTER.test(ch)) return "cyrillic";
  if (SEGMENTED.test(ch)) return "segmented";
  if (/[\p{N}\p{M}']/u.test(ch)) return undefined;
  return "other";
}

/** The script of a word: that of its first letter ("other" when it has none). */
export function scriptOf(word: string): Script {
  for (const ch of word) {
    const script = scriptOfChar(ch);
    if (script) return script;
  }
  return "other";
}

/** Splits a word where its script changes, and segmented runs into their words. */
function splitWord(word: string, out: string[]): void {
  if (PLAIN_LATIN.test(word) || PLAIN_CYRILLIC.test(word)) {
    out.push(word);
    return;
  }
  let run = "";
  let runScript: Script | undefined;
  const flush = () => {
    if (run === "") return;
    if (runScript === "segmented") {
      for (const s of (segmenter ??= new Intl.Segmenter("zh", { granularity: "word" })).segment(run))
        if (s.isWordLike) out.push(s.segment);
    } else out.push(run);
    run = "";
  };
  for (const ch of word) {
    const script = scriptOfChar(ch);
    if (script !== undefined && runScript !== undefined && script !== runScript) flush();
    if (script !== undefined) runScript = script;
    run += ch;
  }
  flush();
}

/** Raw words of a text, normalised (no stop-word removal, no stemming). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const word of normalizeText(undoKeyHints(text)).match(WORD) ?? []) splitWord(word, out);
  return out;
}

/**
 * The language that reads a word: `language` when the word is of its script, else the default of
 * the word's script (undefined for scripts with no analyzer: the word is kept as it is).
 */
export function readerOf(word: string, language: Language | undefined): Language | undefined {
  const script = scriptOf(word);
  return language?.script === script ? language : DEFAULT_FOR_SCRIPT[script];
}

/** One raw word → its index term, or null for a stop word. `language`: the page's or question's. */
export function processTerm(word: string, language?: Language): string | null {
  const lower = normalizeText(word).replace(/'s$/, "");
  if (lower.length === 0) return null;
  const reader = readerOf(lower, language);
  if (!reader) return lower;
  if (reader.stopWords.has(lower)) return null;
  if (reader.locale === "en") return lower.length > 2 && LATIN_WORD.test(lower) ? reader.stem!(lower) : lower;
  const folded = reader.foldAccents ? foldAccents(lower) : lower;
  if (folded !== lower && reader.stopWords.has(folded)) return null;
  return reader.stem && folded.length > 2 ? reader.stem(folded) : folded;
}

/** The distinct index terms of a text, in order, read in `language` (by script when absent). */
export function queryTerms(text: string, language?: Language): string[] {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    const term = processTerm(word, language);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}

/** How many of `terms` (each counted once) the text holds, its words read as queryTerms reads them. */
export function termsHeld(terms: Iterable<string>, text: string, language?: Language): number {
  const held = new Set(queryTerms(text, language));
  let count = 0;
  for (const term of terms) if (held.has(term)) count++;
  return count;
}

export { languageOf, type Language };
