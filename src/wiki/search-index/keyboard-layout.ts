/**
 * Text typed on the wrong keyboard layout, and Russian typed in Latin letters.
 *
 * - `layoutTwin`: the same keys on the other layout, Russian (ЙЦУКЕН) or Ukrainian ↔ US QWERTY,
 *   both ways: "ghbdtn" ↔ "привет", "rfr cjplfnm fhpbd" → "как создать архив". Only letters and
 *   the punctuation keys that carry letters on the other layout change; digits and spaces stay.
 * - `transliterated`: Russian written in Latin letters as people do ("kak udalit papku" → "как
 *   удалить папку"), longest letter groups first ("shch", "sh", "ch", "zh", "ya", …).
 *
 * Both are pure and know nothing of the index: search-index decides when a twin is tried (twins.ts).
 */

const LATIN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RUSSIAN_KEYS = "ёйцукенгшщзхъфывапролджэячсмитьбю";
/** Ukrainian differs on four keys: і (s), ї (]), є ('), ґ (`). */
const UKRAINIAN_KEYS = "ґйцукенгшщзхїфівапролджєячсмитьбю";

const TO_CYRILLIC = new Map<string, string>();
const TO_LATIN = new Map<string, string>();
for (let i = 0; i < LATIN_KEYS.length; i++) {
  TO_CYRILLIC.set(LATIN_KEYS[i]!, RUSSIAN_KEYS[i]!);
  TO_LATIN.set(RUSSIAN_KEYS[i]!, LATIN_KEYS[i]!);
  TO_LATIN.set(UKRAINIAN_KEYS[i]!, LATIN_KEYS[i]!);
}
// Shifted keys that are letters on the Russian layout: "<" is Б, ">" is Ю, "{" is Х, "}" is Ъ, ":" is Ж, '"' is Э.
for (const [latin, cyrillic] of [
  ["<", "б"],
  [">", "ю"],
  ["{", "х"],
  ["}", "ъ"],
  [":", "ж"],
  ['"', "э"],
  ["~", "ё"],
] as const)
  TO_CYRILLIC.set(latin, cyrillic);

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/i;

/**
 * The text as the same keys give on the other layout: Latin → Russian when it holds Latin
 * letters and no Cyrillic, Cyrillic → Latin when it holds Cyrillic and no Latin; undefined when it
 * holds both or neither (nothing to turn).
 */
export function layoutTwin(text: string): string | undefined {
  const lower = text.toLowerCase();
  const hasCyrillic = CYRILLIC.test(lower);
  const hasLatin = LATIN.test(lower);
  if (hasCyrillic === hasLatin) return undefined;
  const map = hasLatin ? TO_CYRILLIC : TO_LATIN;
  let out = "";
  for (const ch of lower) out += map.get(ch) ?? ch;
  return out;
}

/** Latin letter groups → Russian letters, longest first (common informal transliteration). */
const GROUPS: ReadonlyArray<readonly [string, string]> = [
  ["shch", "щ"],
  ["sch", "щ"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["ch", "ч"],
  ["sh", "ш"],
  ["yu", "ю"],
  ["ju", "ю"],
  ["ya", "я"],
  ["ja", "я"],
  ["yo", "ё"],
  ["jo", "ё"],
  ["ye", "е"],
  ["iy", "ий"],
  ["yi", "ый"],
  ["y", "ы"],
  ["'", "ь"],
  ["a", "а"],
  ["b", "б"],
  ["c", "ц"],
  ["d", "д"],
  ["e", "е"],
  ["f", "ф"],
  ["g", "г"],
  ["h", "х"],
  ["i", "и"],
  ["j", "й"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["q", "к"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["v", "в"],
  ["w", "в"],
  ["x", "кс"],
  ["z", "з"],
];

/** A word of five letters or more ending in "-ат"/"-ят" (an infinitive without its soft sign). */
const INFINITIVE = /(?<=[а-яё]{3})([ая]т)(?![а-яё])/g;

/** Russian read from Latin letters; undefined when the text holds no Latin letter or any Cyrillic. */
export function transliterated(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (!LATIN.test(lower) || CYRILLIC.test(lower)) return undefined;
  let out = "";
  for (let i = 0; i < lower.length;) {
    const group = GROUPS.find(([latin]) => lower.startsWith(latin, i));
    if (group) {
      out += group[1];
      i += group[0].length;
    } else out += lower[i++];
  }
  // A word ending in "y" after a consonant is usually "-ый"/"-ий" only with "iy"/"yi"; "ы" stays.
  // The soft sign people leave out of infinitives in "-ать"/"-ять" ("skachat", "sozdat") is put
  // back: without it "скачат" does not stem to "скача" as "скачать" does ("-ить" and "-еть" stem
  // alike with or without it). A noun in "-ат" ("format") reads as a verb: far rarer in questions.
  return out.replace(INFINITIVE, "$1ь");
}
