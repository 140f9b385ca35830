#!/usr/bin/env node
// Writes src/wiki/search-index/letter-pairs.ts: per language, how surprising each letter is after
// the one before it in words of that language (src/wiki/search-index/plausibility.ts reads it).
//
//   node scripts/letter-pairs.mjs [--tldr DIR] [--tldr-i18n DIR] [--dict DIR] [--hunspell DIR]
//
// Sources (defaults: ../shared/corpus/tldr, ../shared/corpus/tldr-i18n, /usr/share/dict,
// /usr/share/hunspell):
// - en: the English tldr pages' prose (descriptions and example lines, code left out);
// - ru, de, es: the tldr translations' prose, the same way;
// - uk, fr, pl: the word lists of Debian's packages `wukrainian`, `wfrench` and `wpolish` (one word
//   a line);
// - cs, hr: the stems of Debian's Hunspell dictionaries `hunspell-cs` and `hunspell-hr`.
// Only the table is kept in the repository; the sources are needed only to write it again.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const TLDR = arg("--tldr", join(ROOT, "..", "shared", "corpus", "tldr"));
const TLDR_I18N = arg("--tldr-i18n", join(ROOT, "..", "shared", "corpus", "tldr-i18n"));
const DICT = arg("--dict", "/usr/share/dict");
const HUNSPELL = arg("--hunspell", "/usr/share/hunspell");

/** Each language's letters, in the order of the table's rows and columns (after the word edge). */
const ALPHABETS = {
  en: "abcdefghijklmnopqrstuvwxyz",
  de: "abcdefghijklmnopqrstuvwxyzäöüß",
  es: "abcdefghijklmnopqrstuvwxyzáéíñóúü",
  fr: "abcdefghijklmnopqrstuvwxyzàâæçèéêëîïôœùûü",
  pl: "abcdefghijklmnopqrstuvwxyząćęłńóśźż",
  cs: "abcdefghijklmnopqrstuvwxyzáčďéěíňóřšťúůýž",
  hr: "abcdefghijklmnopqrstuvwxyzčćđšž",
  ru: "абвгдежзийклмнопрстуфхцчшщъыьэюя",
  uk: "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
};

/** Cost steps per bit of surprise, and the highest cost written (one base-36 digit). */
const STEPS_PER_BIT = 2;
const MAX_COST = 35;

function markdownFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...markdownFiles(path));
    else if (name.endsWith(".md") && name !== "ATTRIBUTION.md") out.push(path);
  }
  return out;
}

/** A tldr page's prose: its description and example lines, without code in backticks or placeholders. */
function prose(page) {
  return page
    .split("\n")
    .filter((line) => line.startsWith("> ") || line.startsWith("- "))
    .map((line) => line.replace(/`[^`]*`/g, " ").replace(/<[^>]*>/g, " "))
    .join("\n");
}

const words = (text) =>
  text
    .toLowerCase()
    .replaceAll("ё", "е")
    .split(/[^\p{L}]+/u);

function countPairs(alphabet, texts) {
  const size = alphabet.length + 1;
  const counts = new Float64Array(size * size);
  for (const text of texts)
    for (const word of words(text)) {
      if (word === "" || [...word].some((ch) => !alphabet.includes(ch))) continue;
      let before = 0;
      for (const ch of word) {
        const at = alphabet.indexOf(ch) + 1;
        counts[before * size + at]++;
        before = at;
      }
      counts[before * size]++;
    }
  return counts;
}

/** -log2 P(letter | letter before), add-half smoothed, in steps, one base-36 digit per pair. */
function costRows(alphabet, counts) {
  const size = alphabet.length + 1;
  const rows = [];
  for (let a = 0; a < size; a++) {
    let total = 0;
    for (let b = 0; b < size; b++) total += counts[a * size + b];
    let row = "";
    for (let b = 0; b < size; b++) {
      const p = (counts[a * size + b] + 0.5) / (total + 0.5 * size);
      row += Math.min(MAX_COST, Math.round(-Math.log2(p) * STEPS_PER_BIT)).toString(36);
    }
    rows.push(row);
  }
  return rows;
}

const tldrTexts = (dir) => markdownFiles(dir).map((file) => prose(readFileSync(file, "utf8")));
const listTexts = (file) => [readFileSync(file, "utf8")];
/** A Hunspell dictionary's stems: its lines without their count line and their affix flags. */
const stemTexts = (file) => [readFileSync(file, "utf8").replace(/\/\S*/g, "")];
const SOURCES = {
  en: () => tldrTexts(TLDR),
  de: () => tldrTexts(join(TLDR_I18N, "de")),
  es: () => tldrTexts(join(TLDR_I18N, "es")),
  fr: () => listTexts(join(DICT, "french")),
  pl: () => listTexts(join(DICT, "polish")),
  cs: () => stemTexts(join(HUNSPELL, "cs_CZ.dic")),
  hr: () => stemTexts(join(HUNSPELL, "hr_HR.dic")),
  ru: () => tldrTexts(join(TLDR_I18N, "ru")),
  uk: () => listTexts(join(DICT, "ukrainian")),
};

const tables = Object.entries(ALPHABETS).map(([locale, alphabet]) => {
  const rows = costRows(alphabet, countPairs(alphabet, SOURCES[locale]()));
  return `  ${locale}: {\n    letters: "${alphabet}",\n    rows: [\n${rows.map((r) => `      "${r}",`).join("\n")}\n    ],\n  },`;
});

writeFileSync(
  join(ROOT, "src", "wiki", "search-index", "letter-pairs.ts"),
  `// Written by scripts/letter-pairs.mjs (the sources are named there); do not edit by hand.

/**
 * Per language, how surprising each letter is after the one before it in the language's words:
 * \`rows[a][b]\` is the cost of letter b after letter a, one base-36 digit, ${STEPS_PER_BIT} per bit of
 * surprise (-log2 of its probability), at most ${MAX_COST}. Row and column 0 are the word's edge (its
 * start as a row, its end as a column), then \`letters\` in order; "ё" is read as "е".
 */
export interface LetterPairs {
  letters: string;
  rows: readonly string[];
}

/** Cost steps per bit of surprise in \`rows\`. */
export const STEPS_PER_BIT = ${STEPS_PER_BIT};

export const LETTER_PAIRS: Readonly<Record<string, LetterPairs>> = {
${tables.join("\n")}
};
`,
);
