import { SandboxError } from "./errors.js";
import { type Entity, sortEntities } from "./entity-types.js";

/**
 * The entities a Telegram client attaches to a user's plain text: `mention` (@username, no user
 * object), `bot_command` (/cmd or /cmd@bot), `url`, `hashtag`, plus the `text_mention`s the caller
 * asks for (a span of the text linked to a user, for users without a username).
 * Offsets and lengths are UTF-16 code units, which is what JS string indices are.
 */

const PATTERNS: Array<[string, RegExp]> = [
  ["bot_command", /(?<![\w/\\])\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w@/])/g],
  ["mention", /(?<![\w@])@[A-Za-z0-9_]{3,32}(?![\w@])/g],
  ["url", /\bhttps?:\/\/[^\s<>"]+/gi],
  ["hashtag", /(?<![\w#])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu],
];

export interface TextMention {
  text: string;
  user: Record<string, unknown>;
}

export function detectEntities(text: string, textMentions: TextMention[] = []): Entity[] {
  const entities: Entity[] = [];
  const overlaps = (offset: number, length: number) =>
    entities.some((e) => offset < e.offset + e.length && e.offset < offset + length);

  for (const mention of textMentions) {
    let from = 0;
    let offset = -1;
    while (mention.text !== "") {
      offset = text.indexOf(mention.text, from);
      if (offset < 0 || !overlaps(offset, mention.text.length)) break;
      from = offset + 1;
    }
    if (offset < 0 || mention.text === "") {
      throw new SandboxError(
        "bad-text-mention",
        `text mention "${mention.text}" does not occur (again) in the message text`,
        "textMentions[].text must be a part of text",
      );
    }
    entities.push({ type: "text_mention", offset, length: mention.text.length, user: mention.user });
  }
  for (const [type, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      let value = match[0];
      if (type === "url") value = value.replace(/[.,;:!?)\]'}]+$/, "");
      if (!overlaps(match.index, value.length))
        entities.push({ type, offset: match.index, length: value.length });
    }
  }
  return sortEntities(entities);
}
