import { type LinkCheck, withoutForeignLinks } from "./format/model-links.js";
import { markupPlain, parseMarkup } from "./format/reply-markup.js";

/**
 * A grounded-answer reply (thinking already stripped) read as its writer meant it. The prompt asks
 * for plain text citing passages as `[1]`; models also write `[1][2]`, `[1, 2]`, `[1-3]`, `[1–3]`,
 * `【1】` (also `【1†source】`), `[^1]`, `[Passage 2]`, `[1](url)`, citations after the full stop,
 * a closing "Sources: [1], [3]" line (or a list of them, or footnote lines `[^1]: …`), Markdown,
 * and NO ANSWER as "NO ANSWER.", "No answer", "NO_ANSWER", or the line then an explanation.
 * A bare `(1)` is not read as a citation: it numbers steps as often as it cites.
 */
export interface GroundedReply {
  /** The text to show: citations written `[n]`, only of passages given, after their sentence's words; no Sources lines. */
  text: string;
  /** The passage numbers cited (1..given), in the order first cited, Sources lines last. */
  cited: number[];
  /** The model said the passages do not answer. */
  noAnswer: boolean;
}

export function readGroundedReply(reply: string, given: number): GroundedReply {
  const whole = withoutHalfCitation(reply.trim());
  if (isNoAnswer(whole)) return { text: "", cited: [], noAnswer: true };
  const { body, listed } = withoutSourceLines(outsideCode(whole, (t) => normaliseCitations(t, given)));
  const cited: number[] = [];
  const text = outsideCode(body, (t) =>
    t
      .replace(/\s*\[(\d{1,3})\]/g, (citation: string, n: string) => {
        const k = Number(n);
        if (k < 1 || k > given) return ""; // a passage never given
        if (!cited.includes(k)) cited.push(k);
        return citation;
      })
      .replace(/(\[\d{1,3}\])(?:\s*\1)+/g, "$1"),
  ).trim();
  // A reply of nothing but citations and a Sources line says nothing: it answers nothing.
  if (!/[\p{L}\p{N}]/u.test(text.replace(/\[\d{1,3}\]/g, "")))
    return { text: "", cited: [], noAnswer: false };
  for (const n of listed) if (n >= 1 && n <= given && !cited.includes(n)) cited.push(n);
  return { text, cited, noAnswer: false };
}

/**
 * What a draft shows of a reply still being written: the same reading as the final answer, in
 * plain text (no markup), never a half citation, a Sources line being written or a NO ANSWER
 * ("" then: Telegram shows "Thinking…"); a link the passages do not hold (`links`; default: none
 * does) is left out, as a draft is plain text and Telegram's apps would make it tappable.
 */
export function draftOf(soFar: string, given: number, links: LinkCheck = () => false): string {
  const text = soFar.trim();
  if (couldBeNoAnswer(text)) return "";
  // A Sources line being written: its label begun on a line of its own, or after the last sentence.
  const lines = text.replace(SOURCES_BEGUN_INLINE, "").split("\n");
  if (lines.length > 1 && SOURCES_LABEL_START.test(lines.at(-1)!.trim())) lines.pop();
  const read = readGroundedReply(lines.join("\n"), given);
  return read.noAnswer ? "" : withoutForeignLinks(markupPlain(parseMarkup(read.text)), links).trim();
}

const NO_ANSWER_START = /^[*_"'`\s]*no[ _-]?answer[*_"'`]*(?:\s*$|\s*[.:!—–(\n-])/i;

function isNoAnswer(text: string): boolean {
  return NO_ANSWER_START.test(text) || /(?:^|[.!\n]\s*)\**NO[ _]ANSWER\**[.!]?$/.test(text);
}

/** The text so far may still become a NO ANSWER ("NO", "No ans", "NO ANSWER"). */
function couldBeNoAnswer(text: string): boolean {
  const bare = text.replace(/^[*_"'`\s]+/, "").toLowerCase();
  return (
    NO_ANSWER_START.test(text) ||
    (bare.length < 10 && ["no answer", "no_answer", "no-answer"].some((s) => s.startsWith(bare)))
  );
}

/** Applies `change` to the text outside fenced code blocks and `code` spans. */
function outsideCode(text: string, change: (prose: string) => string): string {
  return text
    .split(/(^\s*(?:`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n\s*(?:`{3,}|~{3,})[^\n]*$|(?![\s\S]))|`+[^`\n]+`+)/m)
    .map((part, i) => (i % 2 === 1 ? part : change(part)))
    .join("");
}

const LABELLED = String.raw`(?:passages?|sources?|refs?|references?|docs?|documents?|quellen?|источник[аи]?|пассаж[иа]?|fuentes?|pasajes?|段落|来源)\s*[:#№]?\s*`;
const NUMBERS = String.raw`\d{1,3}(?:\s*(?:[-–—,;、]|and|und|y|и)\s*\d{1,3})*`;

function normaliseCitations(text: string, given: number): string {
  const group = (whole: string, list: string) => citations(list, given) ?? whole;
  return text
    .replace(/【\s*(\d{1,3})(?:[:†][^】]*)?\s*】/g, "[$1]")
    .replace(/\[\^(\d{1,3})\]/g, "[$1]")
    .replace(/\[(\d{1,3})†[^\]\n]*\]/g, "[$1]")
    .replace(
      new RegExp(String.raw`\[(?:${LABELLED})?(${NUMBERS})\](?:\((?:[^()\s]|\([^()\s]*\))*\))?`, "giu"),
      group,
    )
    .replace(new RegExp(String.raw`\((?:${LABELLED})(${NUMBERS})\)`, "giu"), group)
    .replace(
      /([.!?。！？])([ \t]*)((?:\[\d{1,3}\][ \t]*)+)(?=\s*$|\s*\n|\s+[\p{Lu}\p{Lo}"'(`*])/gu,
      (_, stop: string, _s: string, cites: string) =>
        /[。！？]/u.test(stop)
          ? `${cites.replace(/\s+/g, "")}${stop}`
          : ` ${cites.replace(/\s+/g, "")}${stop}`,
    )
    .replace(/[ \t]+ \[/g, " [");
}

/**
 * "1, 2" → "[1][2]"; "1-3" → "[1][2][3]"; undefined (not a citation: left as written) for a range
 * outside 1..given, such as a character class `[0-9]` in a command.
 */
function citations(list: string, given: number): string | undefined {
  const out: number[] = [];
  for (const part of list.split(/\s*(?:[,;、]|\s(?:and|und|y|и)\s)\s*/u)) {
    const range = /^(\d+)\s*[-–—]\s*(\d+)$/.exec(part.trim());
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (from < 1 || to <= from || to > given) return undefined;
      for (let n = from; n <= to; n++) out.push(n);
    } else if (/^\d+$/.test(part.trim())) out.push(Number(part));
    else return undefined;
  }
  return out.map((n) => `[${n}]`).join("");
}

const SOURCES_LABEL =
  /^[*_#>\s-]*(?:sources?|references?|citations?|cited(?: passages)?|quellen|источники|литература|fuentes|referencias|来源|参考(?:资料|文献)?|出典)[*_\s]*[:：]/iu;
const TRAILING_SOURCES =
  /(?<=\S)\s*\(?(?:sources?|references?|quellen|источники|fuentes)\s*[:：]\s*((?:\[\d{1,3}\][,;\s]*(?:and\s*)?)+)\)?\s*$/iu;
const SOURCES_BEGUN_INLINE =
  /(?<=[.!?。！？\]])\s*\(?(?:sources?|references?|quellen|источники|fuentes)\s*[:：]?[\s[\d\],;]*$/iu;
/** The start of a Sources line being written ("Sou", "Sources"), as a draft sees it. */
const SOURCES_LABEL_START =
  /^[*_#>\s-]*(?:s(?:o(?:u(?:r(?:c(?:es?)?)?)?)?)?|r(?:e(?:f(?:e(?:r(?:e(?:n(?:c(?:es?)?)?)?)?)?)?)?)?)$/i;

/** The body without its Sources lines and footnote lines; the numbers those list, in order. */
function withoutSourceLines(text: string): { body: string; listed: number[] } {
  const listed: number[] = [];
  const kept: string[] = [];
  let inSources = false;
  const collect = (_: string, list: string) => {
    for (const m of list.matchAll(/\[(\d{1,3})\]/g)) listed.push(Number(m[1]));
    return "";
  };
  for (const whole of text.split("\n")) {
    // "… [2]. Sources: [1], [2]" at the end of a line of the answer
    const line = whole.replace(TRAILING_SOURCES, collect);
    const bare = line.trim();
    const footnote = /^[-*•]?\s*\[\d{1,3}\]\s*:/.test(bare);
    const sourceItem = inSources && (bare === "" || /^(?:[-*•]|\d+[.)])?\s*\[\d{1,3}\]/.test(bare));
    if (SOURCES_LABEL.test(bare) || footnote || sourceItem) {
      inSources = inSources || SOURCES_LABEL.test(bare);
      for (const m of bare.matchAll(/\[(\d{1,3})\]/g)) listed.push(Number(m[1]));
      continue;
    }
    inSources = false;
    kept.push(line);
  }
  return { body: kept.join("\n"), listed };
}

/** The text without a citation begun at its end ("…tar [1", "…【2", "…[Passage"). */
function withoutHalfCitation(text: string): string {
  return text.replace(/\s*(?:\[\^?|【)[^\]】\n[(]{0,24}$/u, "");
}
