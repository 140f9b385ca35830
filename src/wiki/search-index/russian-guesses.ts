/**
 * What a Russian question word may be when the wiki knows no word of its stem (the engine reads
 * these only then: engine.ts `guessed`, so a known word, "запустить", is never read as another):
 *
 * - people make verbs of English tool words with a Russian prefix ("закоммитить", "запушить"),
 *   which Snowball leaves whole ("закоммит"): the word is also read without each verbal prefix;
 * - people write English tool words in Cyrillic ("гит", "пуш", "коммит", "докер", "линукс"): the
 *   stem (with and without its prefix) is also read as its Latin spellings ("коммит" → "kommit",
 *   "commit"), which meet the command names and titles of the pages.
 */
const PREFIXES = [
  "пере",
  "раз",
  "рас",
  "при",
  "про",
  "под",
  "от",
  "вы",
  "за",
  "на",
  "по",
  "до",
  "об",
  "со",
  "с",
  "у",
];

/** A remainder shorter than this is too short to stand for a word. */
const MIN_REST = 4;

/** Latin spellings of Cyrillic letters, the usual first; English words borrowed spell some letters several ways. */
const LATIN: Record<string, readonly string[]> = {
  а: ["a"],
  б: ["b"],
  в: ["v", "w"],
  г: ["g"],
  д: ["d"],
  е: ["e"],
  ж: ["zh", "j"],
  з: ["z", "s"],
  и: ["i"],
  й: ["y", "i"],
  к: ["k", "c", "ck"],
  л: ["l"],
  м: ["m"],
  н: ["n"],
  о: ["o"],
  п: ["p"],
  р: ["r"],
  с: ["s", "c"],
  т: ["t"],
  у: ["u", "oo"],
  ф: ["f"],
  х: ["h", "kh"],
  ц: ["ts", "c"],
  ч: ["ch"],
  ш: ["sh"],
  щ: ["sch"],
  ъ: [""],
  ы: ["y"],
  ь: [""],
  э: ["e"],
  ю: ["yu", "u"],
  я: ["ya"],
};
/** Pairs of letters spelled as one Latin letter in borrowed words. */
const PAIRS: Record<string, readonly string[]> = { кс: ["x", "ks"], дж: ["j", "dj"] };
/** At most this many spellings per stem. */
const MAX_SPELLINGS = 32;

/** The Latin spellings of a Cyrillic stem; [] when it holds a letter of no spelling. */
export function latinSpellings(stem: string): string[] {
  let spellings = [""];
  for (let i = 0; i < stem.length;) {
    const pair = PAIRS[stem.slice(i, i + 2)];
    const options = pair ?? LATIN[stem[i]!];
    if (!options) return [];
    spellings = spellings.flatMap((s) => options.map((o) => s + o)).slice(0, MAX_SPELLINGS);
    i += pair ? 2 : 1;
  }
  return spellings;
}

/**
 * The terms a Russian word may be (normalised, lower-case), read by `read` (the analyzer, which
 * reads a Latin spelling as English): without each verbal prefix, and each stem's Latin spellings.
 */
export function russianGuesses(word: string, read: (word: string) => string | null): string[] {
  const out = new Set<string>();
  const stems = [
    word,
    ...PREFIXES.filter((p) => word.startsWith(p) && word.length - p.length >= MIN_REST).map((p) =>
      word.slice(p.length),
    ),
  ]
    .map(read)
    .filter((t): t is string => t !== null);
  for (const stem of stems) {
    out.add(stem);
    for (const latin of latinSpellings(stem)) {
      const term = read(latin);
      if (term !== null) out.add(term);
    }
  }
  return [...out];
}
