/**
 * The stand-in model's grounded answer to a prompt without a recording, written as a careful
 * model writes one: a plain sentence or two taken word for word from the passage that shares the
 * most words with the question, each with the citation `[n]` at its end (before its full stop), no Markdown quote or list marks, commands kept as the passage writes them. When no
 * passage shares a word with the question it answers the prompt's NO ANSWER, as a model told to
 * use only the passages does. Never invented: every word but the citation is the passage's.
 */

/** One numbered passage of the grounded-answer prompt (src/models/prompts.ts answerMessages). */
interface Passage {
  n: number;
  text: string;
}

/** At most this many words of the passage go into the answer. */
const MOST_WORDS = 45;

const NO_ANSWER = "NO ANSWER";

/** The answer to the grounded-answer prompt `user` (its user message), or undefined when not one. */
export function standInAnswer(user: string): string | undefined {
  const question = /\n\nQuestion: ([\s\S]*)$/.exec(user)?.[1]?.trim();
  const passages = passagesOf(user);
  if (question === undefined || passages.length === 0) return undefined;
  const asked = wordsOf(question);
  const counting = COUNTING.test(question);
  const scored = passages.map((p) => {
    const sentences = sentencesOf(p.text);
    const best = sentences
      .map((s, i) => ({ i, shared: overlap(asked, s.text), score: sentenceScore(asked, s, counting) }))
      .reduce((a, b) => (b.score > a.score ? b : a), { i: 0, shared: 0, score: 0 });
    return { passage: p, sentences, ...best };
  });
  // The first passage is the ranking's best: another leads only by sharing more of the question.
  const chosen = scored.reduce((a, b) => (b.score > a.score ? b : a));
  // A sentence that shares less than half of what the question asks does not answer it.
  if (chosen.shared === 0 || chosen.shared * 2 < asked.size) return NO_ANSWER;
  return pick(
    chosen.sentences.map((s) => s.text),
    chosen.i,
  )
    .map((sentence) => cite(sentence, chosen.passage.n))
    .join(" ");
}

/** A question asking how many, how much or how long: a sentence with a number answers it better. */
const COUNTING = /how (?:many|much|long|often)|сколько|wie (?:viele|lange|oft)|cu[aá]nt[oa]s?|多少|几/i;

/**
 * Words shared with the question; a description sentence (a `>` quote) half a word less, a
 * sentence with a number half a word more for a counting question.
 */
function sentenceScore(asked: ReadonlySet<string>, s: { text: string; quoted: boolean }, counting: boolean) {
  const shared = overlap(asked, s.text);
  if (shared === 0) return 0;
  return shared - (s.quoted ? 0.5 : 0) + (counting && /\d/.test(s.text) ? 0.5 : 0);
}

/** The passages of the prompt: `[n] header` then the passage's text up to the next one. */
function passagesOf(user: string): Passage[] {
  const body = user.replace(/^Passages:\n\n/, "").replace(/\n\nQuestion: [\s\S]*$/, "");
  return body
    .split(/\n\n(?=\[\d+\] )/)
    .map((block) => {
      const n = Number(/^\[(\d+)\] /.exec(block)?.[1] ?? 0);
      return { n, text: block.slice(block.indexOf("\n") + 1) };
    })
    .filter((p) => p.n > 0 && p.text.trim() !== "");
}

/**
 * The passage as plain sentences: headings dropped, quote and list marks and emphasis taken off,
 * links as their text, a line ending in ":" joined to the command under it (tldr's "- Extract a
 * file:" then `tar xf …`), then split after `.`, `!` or `?` followed by a space. `quoted`: the
 * sentence was a `>` quote, the page's description (what the page is about, not what it says), so
 * it answers only when no other sentence shares as much of the question.
 */
export function sentencesOf(markdown: string): Array<{ text: string; quoted: boolean }> {
  const paragraphs: Array<{ lines: string[]; quoted: boolean }> = [];
  let current: { lines: string[]; quoted: boolean } | undefined;
  let fenced = false;
  for (const raw of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && /^\s*(#{1,6}\s|\|)/.test(raw)) continue;
    // A command of a code block is quoted as written, after the line that introduces it.
    const line = fenced ? codeLine(raw) : plainLine(raw);
    if (line === "") {
      if (current && !current.lines.at(-1)!.endsWith(":")) current = undefined;
      continue;
    }
    if (!current) paragraphs.push((current = { lines: [], quoted: /^\s*>/.test(raw) }));
    current.lines.push(line);
  }
  return paragraphs.flatMap((p) =>
    p.lines
      .join(" ")
      .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}`"«(])/u)
      .map((s) => s.trim())
      .filter((s) => /[\p{L}\p{N}]/u.test(s))
      .map((text) => ({ text, quoted: p.quoted })),
  );
}

/** A line of a code block as inline code, "" for a blank line or a comment. */
function codeLine(line: string): string {
  const code = line.trim();
  return code === "" || code.startsWith("#") ? "" : `\`${code}\`;`;
}

/** A Markdown line as plain text: no quote or list mark, links as their text, no bold. */
function plainLine(line: string): string {
  return line
    .replace(/^\s*(?:>\s?)+/, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__/g, "")
    .trim();
}

/** The best sentence, and the one after it when both fit in MOST_WORDS words (a long one cut there). */
function pick(sentences: readonly string[], best: number): string[] {
  const first = sentences[best]!;
  const next = sentences[best + 1];
  const words = (s: string) => s.split(/\s+/).length;
  if (next !== undefined && words(first) + words(next) <= MOST_WORDS) return [first, next];
  const all = first.split(/\s+/);
  return [all.length <= MOST_WORDS ? first : `${all.slice(0, MOST_WORDS).join(" ")}…`];
}

/** The citation at the end of the text, before its closing full stop (one added when it has none). */
function cite(text: string, n: number): string {
  const trimmed = text.replace(/[\s:;,]+$/, "");
  const end = /[.!?…]$/.exec(trimmed)?.[0] ?? ".";
  const body = /[.!?…]$/.test(trimmed) ? trimmed.slice(0, -1) : trimmed;
  return `${body} [${n}]${end}`;
}

/** The question's words that say something: letters or digits, three or more, lower case. */
function wordsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return new Set(words.filter((w) => !STOP.has(w)).map(stemOf));
}

/** Words shared with the question, compared by their first five letters (days ~ day, booking ~ book). */
function overlap(asked: ReadonlySet<string>, sentence: string): number {
  let shared = 0;
  for (const word of wordsOf(sentence)) if (asked.has(word)) shared++;
  return shared;
}

const stemOf = (word: string) => word.replace(/(?:ing|ed|es|s)$/, "").slice(0, 5);

/** Words a question shares with any sentence, which say nothing of what it is about. */
const STOP = new Set(
  "the and for are you your how what when where who why can does get got with from this that have has not into about should there which was were will would".split(
    " ",
  ),
);
