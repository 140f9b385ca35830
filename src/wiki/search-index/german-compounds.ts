/**
 * The ways a German word may be a compound of two or three words ("logdatei" → "log" + "datei",
 * "arbeitsspeicher" → "arbeit" + "speich", "verzeichnisinhalt" → "verzeichnis" + "inhal"). People
 * glue nouns that pages write apart ("Log-Datei", "Inhalt eines Verzeichnisses"), and the reverse.
 *
 * A split cuts the word into parts of at least MIN_PART letters. A German compound may hold a
 * linking element after a part ("Arbeit-s-speicher", "Seite-n-zahl"): each of LINKS is tried. A
 * part is read by `read` (the analyzer's German reading: stop words dropped, stemmed); a split
 * with a stop word ("wie" + "viel") or a verb prefix ("ver" + "folgen") as a part is none. Which
 * split, if any, the wiki's words support is the engine's choice (compound-parts.ts).
 */
const LINKS = ["", "s", "es", "n", "en", "e"] as const;
const MIN_PART = 3;
/** Beginnings of verbs and their nouns that are no word of their own. */
const VERB_PREFIXES = new Set(["ver", "zer", "ent", "emp", "miss", "miß", "vor", "hin", "her", "dar"]);
/** Words shorter than this are not split (two parts of MIN_PART letters). */
const MIN_WORD = 2 * MIN_PART;
/**
 * Words longer than this are not split: three parts (the most a split makes) of 14 letters, longer
 * than the compounds people type ("datenbankverwaltungssystem" has 26). Splitting is quadratic in
 * the word's length (a 42-letter word has about 700 splits, a few ms; a pasted 500-letter token
 * took seconds of a search that runs on the event loop).
 */
const MAX_WORD = 42;
/** Only words of letters are split: no number ("20240101"), no letters-and-digits name. */
const LETTERS = /^\p{L}+$/u;
/** How many words' splits, and how many splits in all, are remembered before the memo starts over. */
const MEMO_WORDS = 1024;
const MEMO_SPLITS = 65_536;

type Read = (word: string) => string | null;
const memo = new Map<string, readonly (readonly string[])[]>();
let memoSplits = 0;

/**
 * Every split of a normalised (lower-case) word into two or three part terms, as `read` reads each
 * part; [] for a word too short or too long (MAX_WORD) to split, or holding other than letters. Contract: a pure function of the word and `read` (German
 * is the only reader it is given), so splits are remembered per word.
 */
export function germanSplits(word: string, read: Read): readonly (readonly string[])[] {
  if (word.length < MIN_WORD || word.length > MAX_WORD || !LETTERS.test(word)) return [];
  let found = memo.get(word);
  if (!found) {
    found = splitsOf(word, read, 3);
    if (memo.size >= MEMO_WORDS || memoSplits + found.length > MEMO_SPLITS) {
      memo.clear();
      memoSplits = 0;
    }
    memo.set(word, found);
    memoSplits += found.length;
  }
  return found;
}

/** Splits into at most `parts` parts, the last part as read whole or split further. */
function splitsOf(word: string, read: Read, parts: number): string[][] {
  const out: string[][] = [];
  for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
    const rest = word.slice(at);
    const tails = [[read(rest)], ...(parts > 2 ? splitsOf(rest, read, parts - 1) : [])];
    for (const head of headsOf(word.slice(0, at), read))
      for (const tail of tails) if (!tail.includes(null)) out.push([head, ...(tail as string[])]);
  }
  return out;
}

/** The first part's readings, without and with each linking element it may end in. */
function headsOf(left: string, read: Read): string[] {
  const out: string[] = [];
  for (const link of LINKS) {
    if (!left.endsWith(link)) continue;
    const part = left.slice(0, left.length - link.length);
    if (part.length < MIN_PART || VERB_PREFIXES.has(part)) continue;
    const term = read(part);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}
