/**
 * The search words of a rewrite reply (thinking already stripped by the model client), read as a
 * user would: the prompt asks for one bare line, and models also write
 * - a label before it ("Search query: …", "Keywords: …", "Here is the rewritten query:" on a line
 *   of its own), or the page names and the keywords on two labelled lines;
 * - the words in quotes, backticks or a code fence, or in bold;
 * - a numbered or bulleted list, one term an item;
 * - several lines of words, then an explanation ("This query targets…", "Note: …");
 * - JSON (`{"query": "…"}`, `{"pages": […], "keywords": […]}`), bare or in a code fence.
 * The words are the labelled or listed terms, else the lines of words before the first line of
 * prose; labels, marks and explanations never reach the search. "" when there are none.
 * Only the reply's first READ_CHARS are read: the words come first, and a reply of any length
 * costs no more.
 */
export function searchWordsOf(whole: string): string {
  const reply = whole.slice(0, READ_CHARS);
  const json = jsonWords(reply);
  if (json !== undefined) return cleanWords(json);
  const words: string[] = [];
  let kind: "label" | "list" | "plain" | undefined;
  for (const raw of reply.split("\n")) {
    const line = raw.trim();
    if (line === "" || /^(```|~~~)/.test(line)) continue;
    // "Sure! Here is the rewritten query:", "Keywords:" before a list: the words follow.
    if (/[:：][*_]*$/u.test(line) || (words.length === 0 && PREAMBLE.test(line))) {
      if (words.length > 0) break;
      continue;
    }
    const labelled = LABEL.exec(line);
    if (labelled) {
      if (PROSE_LABEL.test(labelled[1]!)) {
        if (words.length > 0) break;
        continue; // "Reasoning: …" before the words, "Note: …" after them
      }
      if (kind !== undefined && kind !== "label") break;
      kind = "label";
      if (labelled[2]!.trim() !== "") words.push(labelled[2]!);
      else kind = undefined; // "Here is the rewritten query:" then the words on the next line
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      if (kind !== undefined && kind !== "list") break;
      kind = "list";
      words.push(item[1]!);
      continue;
    }
    if (kind !== undefined && (kind !== "plain" || isProse(line))) break;
    kind = "plain";
    words.push(line);
    if (isProse(line)) break;
  }
  return cleanWords(words.join(" "));
}

/** Far more than a rewrite of the 400 tokens it may take (300 characters of words are kept). */
const READ_CHARS = 8_000;

/** A label: a few words before a colon at the start of the line. */
const LABEL = /^[*_#>\s]*([\p{L}\p{N}][\p{L}\p{N} '’()/-]{0,40}?)[*_]*\s*[:：][*_]*\s*(.*)$/u;

/** Labels of what is not search words (every other label is taken as one of them: "Keywords:"). */
const PROSE_LABEL =
  /note|explanation|reason|why|comment|rationale|assumption|пояснени|примечани|объяснени|hinweis|erklärung|begründung|nota|explicación|razón|说明|解释|注意|理由/iu;

/** A first line that only introduces the words ("Sure, here is a query for that"). */
const PREAMBLE = /^(?:sure|okay|ok|certainly|of course|here(?:'s|’s| is| are))\b/i;

/** A list item's text: "- x", "* x", "• x", "1. x", "1) x". */
const LIST_ITEM = /^(?:[-*+•]|\d{1,2}[.)])\s+(.+)$/u;

/**
 * A line of prose rather than of search words: it ends a sentence, or speaks about the query
 * ("This query…", "I chose…").
 */
/** Words of sentences, not of search queries (English, Russian, German, Spanish). */
const FUNCTION_WORD =
  /(?<!\p{L})(?:the|is|are|for|to|of|that|это|для|что|как|der|die|das|ist|für|und|el|la|es|para|que)(?!\p{L})/iu;

function isProse(line: string): boolean {
  const words = line.split(/\s+/).length;
  if (/^(?:this|these|the (?:query|keywords|search)|i |i'|note|explanation|because|it )/i.test(line))
    return true;
  return words >= 5 && /[.!?。！？]["')\]]?$/u.test(line) && FUNCTION_WORD.test(line);
}

function cleanWords(text: string): string {
  return text
    .replace(/\*\*|`+|(?<!\S)[*_]+|[*_]+(?!\S)/g, " ")
    .replace(/["«»“”„「」]|(?<![\p{L}\p{N}])'|'(?![\p{L}\p{N}])/gu, " ")
    .replace(/[,;，；、]+/g, " ")
    .replace(/[.!?。！？]+(?=\s|$)/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** The string values of a reply that is JSON (in a code fence or not), in order; else undefined. */
function jsonWords(reply: string): string | undefined {
  const bare = reply.trim().replace(/^```\w*\s*|\s*```$/g, "");
  if (!/^[[{]/.test(bare)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bare);
  } catch {
    return undefined;
  }
  const strings: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === "string") strings.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(collect);
  };
  collect(value);
  return strings.join(" ");
}
