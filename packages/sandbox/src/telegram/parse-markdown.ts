import { byteOffset, checkUrl, type Entity, EntityParseError, sortEntities } from "./entity-types.js";

/**
 * parse_mode MarkdownV2 and legacy Markdown, following tdlib's parse_markdown_v2 / parse_markdown:
 * the same entity rules, the same reserved characters, the same error texts (byte offsets in UTF-8).
 */

const RESERVED = "_*[]()~`>#+-=|{}.!";
const NAMES: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strikethrough: "Strikethrough",
  spoiler: "Spoiler",
  code: "Code",
  pre: "Pre",
  text_link: "TextUrl",
  custom_emoji: "CustomEmoji",
};

interface Open {
  type: string;
  language: string;
  start: number;
  byte: number;
}

const isEscapable = (ch: string | undefined) =>
  ch !== undefined && ch.charCodeAt(0) > 0 && ch.charCodeAt(0) <= 126;
const reserved = (ch: string) =>
  new EntityParseError(`Character '${ch}' is reserved and must be escaped with the preceding '\\'`);

/** Moves past "```lang\n": returns [language, index after the optional first newline]. */
function preOpening(s: string, i: number): [string, number] {
  let end = i;
  while (end < s.length && !/\s/.test(s[end]!) && s[end] !== "`") end++;
  let language = "";
  if (end !== i && end < s.length && s[end] !== "`") {
    language = s.slice(i, end);
    i = end;
  }
  if (s[i] === "\n" || s[i] === "\r")
    i += (s[i + 1] === "\n" || s[i + 1] === "\r") && s[i] !== s[i + 1] ? 2 : 1;
  return [language, i];
}

export function parseMarkdownV2(s: string): { text: string; entities: Entity[] } {
  let out = "";
  const stack: Open[] = [];
  const entities: Entity[] = [];
  let quoteStart = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && isEscapable(s[i + 1])) {
      out += s[++i];
      continue;
    }
    const top = stack[stack.length - 1];
    const inCode = top?.type === "code" || top?.type === "pre";
    if (c === "\n" && quoteStart >= 0 && s[i + 1] !== ">") {
      if (out.length > quoteStart)
        entities.push({ type: "blockquote", offset: quoteStart, length: out.length - quoteStart });
      quoteStart = -1;
    }
    if (c === ">" && !inCode && (i === 0 || s[i - 1] === "\n")) {
      if (quoteStart < 0) quoteStart = out.length;
      continue;
    }
    if (!(inCode ? "`" : RESERVED).includes(c)) {
      out += c;
      continue;
    }
    let ends = false;
    if (top) {
      const next = s[i + 1];
      ends =
        (top.type === "bold" && c === "*") ||
        (top.type === "italic" && c === "_" && next !== "_") ||
        (top.type === "underline" && c === "_" && next === "_") ||
        (top.type === "strikethrough" && c === "~") ||
        (top.type === "spoiler" && c === "|" && next === "|") ||
        (top.type === "code" && c === "`") ||
        (top.type === "pre" && c === "`" && next === "`" && s[i + 2] === "`") ||
        ((top.type === "text_link" || top.type === "custom_emoji") && c === "]");
    }
    if (!ends) {
      const open: Open = { type: "", language: "", start: out.length, byte: byteOffset(s, i) };
      if (c === "_") {
        open.type = s[i + 1] === "_" ? "underline" : "italic";
        if (open.type === "underline") i++;
      } else if (c === "*") open.type = "bold";
      else if (c === "~") open.type = "strikethrough";
      else if (c === "|" && s[i + 1] === "|") {
        open.type = "spoiler";
        i++;
      } else if (c === "[") open.type = "text_link";
      else if (c === "`" && s[i + 1] === "`" && s[i + 2] === "`") {
        open.type = "pre";
        [open.language, i] = preOpening(s, i + 3);
        i--;
      } else if (c === "`") open.type = "code";
      else if (c === "!" && s[i + 1] === "[") {
        open.type = "custom_emoji";
        i++;
      } else throw reserved(c);
      stack.push(open);
      continue;
    }
    stack.pop();
    const entity: Entity = { type: top!.type, offset: top!.start, length: out.length - top!.start };
    if (top!.type === "underline" || top!.type === "spoiler") i++;
    else if (top!.type === "pre") {
      i += 2;
      if (top!.language) entity.language = top!.language;
    } else if (top!.type === "text_link" || top!.type === "custom_emoji") {
      let url = "";
      if (s[i + 1] !== "(") {
        if (top!.type === "custom_emoji")
          throw new EntityParseError("Custom emoji entity must contain a tg://emoji URL");
        url = out.slice(top!.start);
      } else {
        i += 2;
        const urlStart = i;
        while (i < s.length && s[i] !== ")") {
          if (s[i] === "\\" && isEscapable(s[i + 1])) i++;
          url += s[i++];
        }
        if (s[i] !== ")")
          throw new EntityParseError(`Can't find end of a URL at byte offset ${byteOffset(s, urlStart)}`);
      }
      if (top!.type === "custom_emoji") {
        const id = /^tg:\/\/emoji\?id=(\d+)$/.exec(url)?.[1];
        if (!id) throw new EntityParseError("Custom emoji URL must have an emoji identifier");
        entity.custom_emoji_id = id;
      } else {
        const checked = checkUrl(url);
        if (!checked) continue;
        entity.url = checked;
      }
    }
    if (entity.length > 0) entities.push(entity);
  }
  const open = stack[stack.length - 1];
  if (open)
    throw new EntityParseError(`Can't find end of ${NAMES[open.type]} entity at byte offset ${open.byte}`);
  if (quoteStart >= 0 && out.length > quoteStart) {
    entities.push({ type: "blockquote", offset: quoteStart, length: out.length - quoteStart });
  }
  return { text: out, entities: sortEntities(entities) };
}

/** Legacy parse_mode Markdown: *bold* _italic_ `code` ```pre``` [text](url), no nesting. */
export function parseMarkdown(s: string): { text: string; entities: Entity[] } {
  let out = "";
  const entities: Entity[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && "_*`[".includes(s[i + 1] ?? " ")) {
      out += s[++i];
      continue;
    }
    if (!"_*`[".includes(c)) {
      out += c;
      continue;
    }
    const begin = i;
    const endChar = c === "[" ? "]" : c;
    let pre = false;
    let language = "";
    i++;
    if (c === "`" && s[i] === "`" && s[i + 1] === "`") {
      pre = true;
      [language, i] = preOpening(s, i + 2);
    }
    const start = out.length;
    while (i < s.length && (s[i] !== endChar || (pre && !(s[i + 1] === "`" && s[i + 2] === "`"))))
      out += s[i++];
    if (i >= s.length) {
      throw new EntityParseError(
        `Can't find end of the entity starting at byte offset ${byteOffset(s, begin)}`,
      );
    }
    const base = { offset: start, length: out.length - start };
    if (c === "[") {
      if (s[i + 1] === "(") {
        i += 2;
        let url = "";
        while (i < s.length && s[i] !== ")") url += s[i++];
        const checked = checkUrl(url);
        if (checked && base.length > 0) entities.push({ type: "text_link", ...base, url: checked });
      }
    } else if (base.length > 0) {
      const type = c === "*" ? "bold" : c === "_" ? "italic" : pre ? "pre" : "code";
      entities.push({ type, ...base, ...(language ? { language } : {}) });
    }
    if (pre) i += 2;
  }
  return { text: out, entities: sortEntities(entities) };
}
