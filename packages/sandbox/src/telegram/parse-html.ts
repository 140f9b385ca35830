import { byteOffset, checkUrl, type Entity, EntityParseError, sortEntities } from "./entity-types.js";

/**
 * parse_mode HTML as the official Bot API server (tdlib parse_html) reads it: the supported tags,
 * case-insensitive, attributes quoted or not, the four named entities plus numeric ones (other
 * `&...` stays literal), and its error messages with UTF-8 byte offsets.
 */

/** The formatting tags every Telegram HTML reads alike (parse_mode HTML and rich messages): their kind. */
export const FORMATTING_TAGS: Record<string, string> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
};
const TAGS: Record<string, string> = {
  ...FORMATTING_TAGS,
  span: "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const SPACE = /\s/;

interface Open {
  tag: string;
  argument: string;
  expandable: boolean;
  start: number;
}

/** Decodes the entity at `i` (which holds "&"); returns [text, next index] or undefined. */
function decodeEntity(s: string, i: number): [string, number] | undefined {
  const m = /^&(?:(lt|gt|amp|quot)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/.exec(s.slice(i, i + 12));
  if (!m) return undefined;
  if (m[1]) return [NAMED[m[1]]!, i + m[0].length];
  const code = m[2] ? Number(m[2]) : parseInt(m[3]!, 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return [String.fromCodePoint(code), i + m[0].length];
}

export function parseHtml(s: string): { text: string; entities: Entity[] } {
  let out = "";
  const stack: Open[] = [];
  const entities: Entity[] = [];
  const fail = (what: string, at: number, detail = ""): never => {
    throw new EntityParseError(`${what} at byte offset ${byteOffset(s, at)}${detail}`);
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "&") {
      const decoded = decodeEntity(s, i);
      out += decoded ? decoded[0] : "&";
      i = decoded ? decoded[1] : i + 1;
      continue;
    }
    if (c !== "<") {
      out += c;
      i++;
      continue;
    }
    const begin = i++;
    if (s[i] !== "/") {
      while (i < s.length && !SPACE.test(s[i]!) && s[i] !== ">") i++;
      if (i >= s.length) fail("Unclosed start tag", begin);
      const tag = s.slice(begin + 1, i).toLowerCase();
      if (!(tag in TAGS)) fail(`Unsupported start tag "${tag}"`, begin);
      const open: Open = { tag, argument: "", expandable: false, start: out.length };
      while (s[i] !== ">") {
        while (i < s.length && SPACE.test(s[i]!)) i++;
        if (s[i] === ">") break;
        const nameStart = i;
        while (i < s.length && !SPACE.test(s[i]!) && s[i] !== "=" && s[i] !== ">") i++;
        const name = s.slice(nameStart, i).toLowerCase();
        if (name === "") fail(`Empty attribute name in the tag "${tag}"`, begin);
        while (i < s.length && SPACE.test(s[i]!)) i++;
        if (s[i] !== "=") {
          if (tag === "blockquote" && name === "expandable") {
            open.expandable = true;
            continue;
          }
          if (i >= s.length) fail("Unclosed start tag", begin);
          fail(`Expected equal sign in declaration of an attribute of the tag "${tag}"`, begin);
        }
        i++;
        while (i < s.length && SPACE.test(s[i]!)) i++;
        if (i >= s.length) fail("Unclosed start tag", begin);
        let value = "";
        const quote = s[i];
        if (quote !== '"' && quote !== "'") {
          const tokenStart = i;
          while (i < s.length && /[A-Za-z0-9.-]/.test(s[i]!)) i++;
          value = s.slice(tokenStart, i).toLowerCase();
          if (i < s.length && !SPACE.test(s[i]!) && s[i] !== ">")
            fail("Unexpected end of name token", tokenStart);
        } else {
          i++;
          while (i < s.length && s[i] !== quote) {
            const decoded = s[i] === "&" ? decodeEntity(s, i) : undefined;
            value += decoded ? decoded[0] : s[i];
            i = decoded ? decoded[1] : i + 1;
          }
          if (s[i] === quote) i++;
        }
        if (i >= s.length) fail("Unclosed start tag", begin);
        if (tag === "a" && name === "href") open.argument = value;
        else if (tag === "code" && name === "class" && value.startsWith("language-"))
          open.argument = value.slice(9);
        else if (tag === "span" && name === "class" && value.startsWith("tg-"))
          open.argument = value.slice(3);
        else if (tag === "tg-emoji" && name === "emoji-id") open.argument = value;
      }
      if (tag === "span" && open.argument !== "spoiler")
        fail('Tag "span" must have class "tg-spoiler"', begin);
      stack.push(open);
      i++;
      continue;
    }
    if (stack.length === 0) fail("Unexpected end tag", begin);
    while (i < s.length && !SPACE.test(s[i]!) && s[i] !== ">") i++;
    const endName = s.slice(begin + 2, i).toLowerCase();
    while (i < s.length && SPACE.test(s[i]!)) i++;
    if (s[i] !== ">") fail("Unclosed end tag", begin);
    i++;
    const open = stack.pop()!;
    if (endName !== "" && endName !== open.tag) {
      fail("Unmatched end tag", begin, `, expected "</${open.tag}>", found "</${endName}>"`);
    }
    close(open, stack[stack.length - 1], out.length, entities);
  }
  if (stack.length > 0) {
    throw new EntityParseError(
      `Can't find end tag corresponding to start tag "${stack[stack.length - 1]!.tag}"`,
    );
  }
  return { text: out, entities: sortEntities(entities) };
}

function close(open: Open, parent: Open | undefined, end: number, entities: Entity[]): void {
  const length = end - open.start;
  if (length <= 0) return;
  const type = TAGS[open.tag]!;
  const base = { offset: open.start, length };
  if (type === "code" && parent?.tag === "pre" && parent.start === open.start) {
    // <pre><code class="language-x">: one pre entity with the language.
    if (open.argument) parent.argument = open.argument;
    return;
  }
  if (type === "text_link") {
    const url = checkUrl(open.argument);
    if (url) entities.push({ type, ...base, url });
  } else if (type === "pre") {
    entities.push({ type, ...base, ...(open.argument ? { language: open.argument } : {}) });
  } else if (type === "blockquote") {
    entities.push({ type: open.expandable ? "expandable_blockquote" : "blockquote", ...base });
  } else if (type === "custom_emoji") {
    if (open.argument) entities.push({ type, ...base, custom_emoji_id: open.argument });
  } else {
    entities.push({ type, ...base });
  }
}
