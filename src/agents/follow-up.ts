import { type ConversationTurn, type Earlier, searchedText } from "../core/conversation.js";

/**
 * How a message is read against the turn before it, without a model: alone, or as a follow-up of
 * that turn, searched together with what was searched for it. `why` is for the debug log only.
 */
export type FollowUpReading =
  { as: "alone"; why: string } | { as: "follow-up"; query: string; topic: ConversationTurn; why: string };

/** A word of the message names a page title of the agent's wiki (a tool of its own). */
export type ToolCheck = (word: string) => boolean;

/**
 * Openings that lean on the message before, per language the bot speaks: "and …?", "what about …",
 * "same for …", "а …", "а если …", "und …", "y …", "那 …". Compared with the message's start,
 * lower-cased, leading punctuation ("¿", "…") left out.
 */
const LEANING_OPENINGS = [
  // English
  "and ",
  "what about ",
  "how about ",
  "same for ",
  "same thing ",
  "same on ",
  "also ",
  "but ",
  "what if ",
  "or ",
  "then ",
  // Russian
  "а ",
  "и ",
  "как насчёт ",
  "как насчет ",
  "что насчёт ",
  "что насчет ",
  "то же ",
  "тоже ",
  "а если ",
  "ну а ",
  // German
  "und ",
  "was ist mit ",
  "wie ist es mit ",
  "auch ",
  "dasselbe ",
  "das gleiche ",
  "und wenn ",
  // Spanish
  "y ",
  "qué tal ",
  "que tal ",
  "lo mismo ",
  "y si ",
  "también ",
  // Chinese (no spaces: a prefix)
  "那",
  "还有",
  "如果",
  "同样",
];

/** Words that point back at what was just discussed. */
const POINTING_WORDS = new Set([
  // English
  "it",
  "its",
  "them",
  "they",
  "their",
  "that",
  "this",
  "those",
  "these",
  "one",
  "ones",
  "there",
  "again",
  // Russian
  "его",
  "её",
  "ее",
  "их",
  "это",
  "этот",
  "эту",
  "эти",
  "этого",
  "него",
  "неё",
  "нее",
  "нему",
  "ним",
  "них",
  "ней",
  "им",
  "там",
  "обратно",
  "потом",
  "тоже",
  // German
  "ihn",
  "ihm",
  "dies",
  "diese",
  "dort",
  "davon",
  "damit",
  "wieder",
  // Spanish
  "lo",
  "eso",
  "esto",
  "ello",
  "ahí",
  "allí",
  "uno",
]);

/** Chinese pointing words, found inside the text (it has no spaces). */
const POINTING_CHINESE = ["它", "它们", "这个", "那个", "这些", "那些", "他们", "再"];

/**
 * Names of systems: in "and on arch?" or "what about macOS?" they say where, not what, though a
 * tldr page is titled "arch".
 */
const PLATFORM_WORDS = new Set([
  "mac",
  "macos",
  "osx",
  "macbook",
  "linux",
  "ubuntu",
  "debian",
  "arch",
  "fedora",
  "centos",
  "rhel",
  "alpine",
  "windows",
  "win",
  "android",
  "bsd",
  "freebsd",
  "маке",
  "мак",
  "маках",
  "линуксе",
  "линукс",
  "убунту",
  "винде",
  "windows",
]);

/**
 * Everyday words that are also tldr page titles ("sort them by memory", "ignore case", "see the
 * logs"): in a message they are words, not a tool of its own.
 */
const ORDINARY_WORDS = new Set(
  (
    "see log logs sort route watch case install open time history type which file files more less top free " +
    "kill find touch man yes head tail cut join split date test true false say look write wait sleep " +
    "stat host rename link print read set env export alias exit info mount update remove delete list " +
    "show start stop restart run copy move make new get use go back last first next clear reset help " +
    "size name user users group id who last login time up down hash diff patch tree top bg fg jobs " +
    "case case-sensitive ignore pass whoami where what how when why can do does is are was on in at to " +
    "of for by with from a an the i my me you your we all each every"
  ).split(" "),
);

/** A question of at most this many words (ending in "?") leans on the one before even without a marker. */
const SHORT_WORDS = 3;

/**
 * Question words that open a whole question: a short question that opens with one and says what it
 * asks in words of its own ("как взять отпуск?", "how to unzip?") stands on its own; a fragment
 * ("on a mac?", "why?") leans on the one before.
 */
const QUESTION_WORDS = new Set([
  ...["how", "what", "why", "where", "when", "which", "who", "can", "is", "are", "do", "does"],
  ...["как", "что", "где", "почему", "зачем", "когда", "какой", "какая", "какие", "куда", "чем", "можно"],
  ...["wie", "was", "wo", "warum", "wann", "welche", "welcher", "kann"],
  ...["cómo", "como", "qué", "que", "dónde", "donde", "cuándo", "cuál", "puedo"],
]);

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_.+-]*/gu) ?? [];

/**
 * Reads `message` against the last of `earlier`. It is a follow-up when it leans on that turn
 * (opens with a leaning word, points back with a pronoun, or is a question of at most SHORT_WORDS
 * words) and
 * names no tool of its own (a page title that is not a platform, an everyday word, or a word of
 * the turn before): it is then searched with the turn's search text before it. Otherwise, and
 * always without an earlier turn, it is read alone. Pure.
 */
export function readFollowUp(message: string, earlier: Earlier, isTool: ToolCheck): FollowUpReading {
  const topic = earlier.at(-1);
  if (!topic) return { as: "alone", why: "no earlier turn" };
  const lowered = message
    .trim()
    .toLowerCase()
    .replace(/^[\p{P}\s]+/u, "");
  const words = wordsOf(lowered);
  const before = new Set(wordsOf(searchedText(topic)));
  const tool = words.find(
    (w) => !before.has(w) && !PLATFORM_WORDS.has(w) && !ORDINARY_WORDS.has(w) && isTool(w),
  );
  if (tool !== undefined) return { as: "alone", why: "names a tool of its own" };
  const why = leaningSign(lowered, words);
  if (why === undefined) return { as: "alone", why: "stands on its own" };
  return { as: "follow-up", query: followUpQuery(topic, message.trim(), words), topic, why };
}

/**
 * The message may lean on the one before (a leaning opening, a pointing word, or a question of
 * at most SHORT_WORDS words): only such a next message is read in its conversation (a reply to an answer
 * always is). A message that stands on its own is asked as if it came first, prompts included.
 */
export function leansOn(message: string): boolean {
  const lowered = message
    .trim()
    .toLowerCase()
    .replace(/^[\p{P}\s]+/u, "");
  return leaningSign(lowered, wordsOf(lowered)) !== undefined;
}

/** What makes the message lean on the one before, or undefined when nothing does. */
function leaningSign(lowered: string, words: readonly string[]): string | undefined {
  const opening = LEANING_OPENINGS.find((o) => `${lowered} `.startsWith(o));
  if (opening !== undefined) return `opens with "${opening.trim()}"`;
  const pointing =
    words.find((w) => POINTING_WORDS.has(w)) ?? POINTING_CHINESE.find((w) => lowered.includes(w));
  if (pointing !== undefined) return `points back with "${pointing}"`;
  // Short and asked ("on a mac?"); a few words without a question mark are keywords ("printer network").
  const whole = words.length >= 3 && QUESTION_WORDS.has(words[0]!);
  if (words.length <= SHORT_WORDS && /[?？]$/.test(lowered) && !whole)
    return `a short question (${words.length} words)`;
  return undefined;
}

/** Words a platform is also named by in page paths and text ("on a mac": the osx pages). */
const PLATFORM_NAMES: Record<string, string> = {
  mac: "macos osx",
  macos: "mac osx",
  osx: "macos mac",
  macbook: "macos osx",
  маке: "macos osx",
  мак: "macos osx",
  маках: "macos osx",
  ubuntu: "linux",
  debian: "linux",
  fedora: "linux",
  centos: "linux",
  arch: "linux",
  линуксе: "linux",
  линукс: "linux",
  убунту: "linux",
  винде: "windows",
};

/**
 * Verbs that say what to do: when the follow-up says what to do itself ("how do I stop one of
 * them?"), the turn before is kept for what it was about ("docker containers"), not for what it did
 * ("list"). Russian infinitives by their endings, other languages from this list.
 */
const ACTIONS = new Set(
  (
    "list show see view display print find search locate look check get set change edit open close run start " +
    "stop kill restart enable disable install uninstall remove delete erase clear clean create make add " +
    "generate copy move rename pack unpack compress decompress extract archive zip unzip download upload " +
    "update upgrade undo revert reset push pull fetch merge sort count convert mount unmount schedule " +
    "connect activate deactivate monitor watch follow trace ping sync send share save restore read write " +
    "anzeigen zeigen finden suchen löschen entfernen installieren starten stoppen beenden kopieren " +
    "verschieben umbenennen erstellen packen entpacken herunterladen aktualisieren ändern öffnen " +
    "listar mostrar ver buscar borrar eliminar instalar desinstalar iniciar detener parar copiar mover " +
    "renombrar crear comprimir descomprimir extraer descargar actualizar cambiar abrir"
  ).split(" "),
);

const isAction = (word: string) => ACTIONS.has(word) || RUSSIAN_INFINITIVE.test(word);
const RUSSIAN_INFINITIVE = /^\p{Script=Cyrillic}{2,}(ть|ти|чь|ться|тись)$/u;

/**
 * The follow-up's search text: what the turn before was about (without its own actions when the
 * message names one), then the message, its platforms also named as pages name them.
 */
function followUpQuery(topic: ConversationTurn, message: string, words: readonly string[]): string {
  const platforms = words.map((w) => PLATFORM_NAMES[w]).filter((w) => w !== undefined);
  const before = searchedText(topic);
  const about = words.some(isAction)
    ? (before.match(/[\p{L}\p{N}][\p{L}\p{N}_.+-]*/gu) ?? [])
        .filter((w) => !isAction(w.toLowerCase()))
        .join(" ")
    : before;
  return [about, message, ...platforms].join(" ");
}
