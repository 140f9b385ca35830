import { createRequire } from "node:module";
import { stemmer as porter } from "stemmer";
import { germanSplits } from "./german-compounds.js";
import { germanParticleBase } from "./german-particles.js";
import { germanForms } from "./german-stem.js";
import { chineseWordWeight, lightWords } from "./word-weights.js";
import { russianGuesses } from "./russian-guesses.js";
import { russianAspects } from "./russian-stem.js";
import { spanishRoots } from "./spanish-stem.js";
import { STOP_WORDS } from "./stop-words.js";

/**
 * The writing systems the analyzer tells apart. A word is split where its script changes
 * ("rsync同步" → "rsync", "同步"); `segmented` scripts are cut into words by Intl.Segmenter.
 */
export type Script = "latin" | "cyrillic" | "segmented" | "other";

/** How one language's words become index terms (analyzer.ts applies it). */
export interface Language {
  /** Wiki.js locale code ("en", "ru", "zh", …). */
  readonly locale: string;
  readonly script: Script;
  /** Snowball stemmer; absent: words are kept as they are (after folding). */
  readonly stem?: (word: string) => string;
  readonly stopWords: { has(word: string): boolean };
  /** Accents dropped before stemming, so "como" meets "cómo" (users leave them out). */
  readonly foldAccents: boolean;
  /**
   * The weight in coverage of a word (normalised) of a question asked first in this language:
   * LIGHT (0.5), 1 or HEAVY (2) (word-weights.ts); absent: 1 for every word.
   */
  readonly wordWeight?: (word: string) => number;
  /**
   * The terms a question word may be, searched when no page holds the word's own term (query.ts
   * `guesses`): the Russian word without its verbal prefix, its Latin spellings. `read` is the
   * analyzer reading a word as this language (a Latin word as English).
   */
  readonly guesses?: (word: string, read: (word: string) => string | null) => string[];
  /**
   * The ways a question word may be a compound of two or three words, as part terms (query.ts
   * `compounds`; German, german-compounds.ts). `read` as for `guesses`.
   */
  readonly splits?: (word: string, read: (word: string) => string | null) => readonly (readonly string[])[];
  /**
   * The term of a question word's verb without its separable particle (German "anzeigen" →
   * "zeig", german-particles.ts), or null; searched at `queryWeights.particle` (query.ts).
   */
  readonly particleBase?: (word: string, read: (word: string) => string | null) => string | null;
}

const require = createRequire(import.meta.url);

/**
 * A language's Snowball stemmer and stop words are loaded when a word of that language is first
 * read (CommonJS builds of @orama/stemmers and @orama/stopwords), so a process that only meets
 * English (`wiki-gateway ask` on an English wiki) loads none of them.
 */
const stemmerOf = (name: string, after?: (stem: string) => string): ((word: string) => string) => {
  let stem: ((word: string) => string) | undefined;
  return (word) => {
    stem ??= (require(`@orama/stemmers/${name}`) as { stemmer: (w: string) => string }).stemmer;
    return after ? after(stem(word)) : stem(word);
  };
};

/** Stop words of a package list, without the few words that name what a command does; loaded on first use. */
const stops = (list: string | readonly string[], extra: string, keep = ""): Language["stopWords"] => {
  let set: Set<string> | undefined;
  const load = () => {
    if (set) return set;
    const words =
      typeof list === "string"
        ? (require(`@orama/stopwords/${list}`) as { stopwords: readonly string[] }).stopwords
        : list;
    const kept = new Set(keep.split(/\s+/));
    return (set = new Set([...words, ...extra.split(/\s+/)].filter((w) => w !== "" && !kept.has(w))));
  };
  return { has: (word) => load().has(word) };
};

/** Question fillers per language ("please", "I want", "is there a way"), as STOP_WORDS has for English. */
const RU_FILLERS = "пожалуйста подскажите помогите нужно надо хочу хотел хотела можно как-то способ сделать";
const UK_FILLERS = "будь ласка підкажіть допоможіть треба потрібно хочу можна як що це";
const DE_FILLERS = "bitte möchte möchten kann können wie man geht gibt";
const ES_FILLERS = "favor quiero necesito puedo hacer forma manera";
/**
 * @orama/stopwords' Spanish list is the long one (577 words): beside the function words it drops
 * words that say what a command does or works on ("ver", "último", "final", "parte", "modo",
 * "cuenta", "usar", "tiempo"); they are kept, as "all" and "new" are in English.
 */
const ES_CONTENT =
  "todos todo nuevo nueva nuevos nuevas ver ultimo último última últimas últimos primer primero primera primeros " +
  "final fin parte modo cuenta usar uso usa tiempo horas dia días día valor trabajo trabajar dos tres cinco " +
  "lado largo existe conocer poner dar realizar";
const FR_FILLERS = "comment faire veux voudrais peux";
const ZH_STOPS =
  "的 了 是 在 我 你 他 她 它 我们 怎么 怎样 如何 吗 呢 吧 啊 呀 一个 这个 那个 把 被 和 与 或 要 想 能 可以 " +
  "什么 哪个 哪些 一下 里 时候 请问 请 应该 需要 用 使用 有 没有 就 都 也 还 将 对 从 给 让 得 地 着 过";
const JA_STOPS =
  "の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その あっ よう また もの という あり まで られ なる へ か だ これ によって により おり より による ず なり られる において ば なかっ なく しかし について せ だっ その後 できる それ う ので なお のみ でき き つ における および いう さらに でも ら たり その他 に関する たち ます ん なら 方法 どう";

/** A Latin-script language of Snowball; `after`: what its stems go through (below). */
const latin = (
  locale: string,
  name: string,
  { extra = "", keep = "", after }: { extra?: string; keep?: string; after?: (stem: string) => string } = {},
): Language => ({
  locale,
  script: "latin",
  stem: stemmerOf(name, after),
  stopWords: stops(name, extra, keep),
  foldAccents: true,
});

/**
 * English keeps the analyzer it had (Porter, the project's stop words): its ranking was tuned on it.
 * Snowball stemmers and stop-word lists come from @orama/stemmers and @orama/stopwords (the
 * Snowball algorithms and lists). Polish has no Snowball stemmer: its words are only folded (a
 * prefix or typo match still meets their forms). Chinese, Japanese, Korean and Thai are segmented.
 */
const TABLE: readonly Language[] = [
  { locale: "en", script: "latin", stem: porter, stopWords: STOP_WORDS, foldAccents: false },
  {
    locale: "ru",
    script: "cyrillic",
    // Snowball's stem, then its aspects met (russian-stem.ts).
    stem: stemmerOf("russian", russianAspects),
    stopWords: stops("russian", RU_FILLERS, "все всех всего всю нет один два три больше"),
    foldAccents: false,
    guesses: russianGuesses,
  },
  {
    locale: "uk",
    script: "cyrillic",
    stem: stemmerOf("ukrainian"),
    stopWords: stops("ukrainian", UK_FILLERS),
    foldAccents: false,
  },
  {
    // Snowball's stem, then its verb forms met (german-stem.ts).
    ...latin("de", "german", { extra: DE_FILLERS, keep: "alle alles neu", after: germanForms }),
    splits: germanSplits,
    particleBase: germanParticleBase,
  },
  latin("fr", "french", { extra: FR_FILLERS, keep: "tous tout" }),
  {
    // Snowball's stem, then its root vowel's diphthong undone (spanish-stem.ts).
    ...latin("es", "spanish", { extra: ES_FILLERS, keep: ES_CONTENT, after: spanishRoots }),
    wordWeight: lightWords(ES_CONTENT),
  },
  latin("pt", "portuguese", { keep: "todos todo novo" }),
  latin("it", "italian", { keep: "tutti tutto nuovo" }),
  latin("nl", "dutch", { keep: "alle nieuw" }),
  latin("sv", "swedish", { keep: "alla ny" }),
  { ...latin("tr", "turkish"), foldAccents: false },
  {
    locale: "pl",
    script: "latin",
    stopWords: stops(
      "a aby ale albo ani bo być był była było co czy dla do gdy gdzie i ich im jak jaki jest jeśli jej już lub ma mi mnie może na nie o od po pod przez się są ta tak te tego ten to tu w we z za że jako jeszcze oraz proszę chcę trzeba można".split(
        " ",
      ),
      "",
    ),
    foldAccents: true,
  },
  {
    locale: "zh",
    script: "segmented",
    stopWords: new Set(ZH_STOPS.split(" ")),
    foldAccents: false,
    wordWeight: chineseWordWeight,
  },
  { locale: "ja", script: "segmented", stopWords: new Set(JA_STOPS.split(" ")), foldAccents: false },
  { locale: "ko", script: "segmented", stopWords: new Set(), foldAccents: false },
  { locale: "th", script: "segmented", stopWords: new Set(), foldAccents: false },
];

const BY_CODE = new Map(TABLE.map((l) => [l.locale, l]));

/** The language of a Wiki.js locale ("pt-br" → pt, "zh-cn" → zh); undefined when none is known. */
export function languageOf(locale: string | undefined): Language | undefined {
  if (!locale) return undefined;
  const lower = locale.toLowerCase();
  return BY_CODE.get(lower) ?? BY_CODE.get(lower.split(/[-_]/)[0]!);
}

/** The languages with an analyzer, by locale code. */
export const LANGUAGES: readonly string[] = TABLE.map((l) => l.locale);

/** Which language reads a word of this script when the page's (or question's) language is of another. */
export const DEFAULT_FOR_SCRIPT: Readonly<Record<Script, Language | undefined>> = {
  latin: BY_CODE.get("en"),
  cyrillic: BY_CODE.get("ru"),
  segmented: BY_CODE.get("zh"),
  other: undefined,
};
