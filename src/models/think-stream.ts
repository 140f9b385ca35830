import { THINK_BLOCKS } from "./think.js";

/**
 * Thinking taken out of a reply while it streams, as stripThink takes it out of the whole text
 * (think.ts), at a cost proportional to each new piece: what is known is kept between pieces (in
 * which block the text is, which tags were seen, gpt-oss's channel), never the text read again.
 */
export interface ThinkFilter {
  /** Reads the next piece; returns the text so far outside the thinking, trimmed. */
  push(piece: string): string;
}

const HARMONY = [
  "<|start|>",
  "<|end|>",
  "<|return|>",
  "<|message|>",
  "<|channel|>",
  "<|constrain|>",
  "<|call|>",
];
const TOKENS = [...THINK_BLOCKS.flat(), ...HARMONY];
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const TOKEN = new RegExp(TOKENS.map(escaped).join("|"), "gi");
const LONGEST = Math.max(...TOKENS.map((t) => t.length));
/** The text of a channel's name is short ("final", "analysis", "commentary to=functions.x"). */
const CHANNEL_NAME_CHARS = 64;

export function createThinkFilter(): ThinkFilter {
  let visible = "";
  /** Whitespace at the end of what was read: shown once text follows it (the text stays trimmed). */
  let space = "";
  /** The end of the last piece when it may begin a tag ("<thi"): read with the next piece. */
  let begun = "";
  /** The closing tag of the block the text is in. */
  let inside: string | undefined;
  const opened = new Set<string>();
  const closedOnce = new Set<string>();
  /** gpt-oss's channels: only the final channel's message is text. */
  let harmony = false;
  let channel: string | undefined;
  let final = false;

  function text(segment: string): void {
    if (segment === "") return;
    if (harmony) {
      if (channel !== undefined) channel = (channel + segment).slice(0, CHANNEL_NAME_CHARS);
      if (!final) return;
    } else if (inside !== undefined) return;
    const body = segment.trimEnd();
    if (body === "") return void (space += segment);
    if (visible === "") visible = body.trimStart();
    else visible += space + body;
    space = segment.slice(body.length);
  }

  function harmonyToken(token: string): void {
    if (!harmony) visible = "";
    harmony = true;
    space = "";
    if (token === "<|message|>" && channel?.trim() === "final") {
      final = true;
      visible = "";
    } else final = false;
    channel = token === "<|channel|>" ? "" : undefined;
  }

  function tag(token: string): void {
    const lower = token.toLowerCase();
    if (HARMONY.includes(lower)) return harmonyToken(lower);
    if (harmony) return text(token);
    const block = THINK_BLOCKS.find(([open, close]) => open === lower || close === lower)!;
    const [open, close] = block;
    if (inside !== undefined) {
      if (lower === inside) inside = undefined;
      return;
    }
    if (lower === open) {
      inside = close;
      opened.add(open);
      return;
    }
    // A closing tag with no opening before it: the template opened the block, the reply follows it.
    if (!closedOnce.has(close) && !opened.has(open)) {
      visible = "";
      space = "";
    } else text(token);
    closedOnce.add(close);
  }

  return {
    push(piece) {
      const read = begun + piece;
      begun = "";
      let from = 0;
      TOKEN.lastIndex = 0;
      for (let m = TOKEN.exec(read); m; m = TOKEN.exec(read)) {
        text(read.slice(from, m.index));
        tag(m[0]);
        from = m.index + m[0].length;
      }
      const rest = read.slice(from);
      const hold = begunTagLength(rest);
      text(rest.slice(0, rest.length - hold));
      begun = rest.slice(rest.length - hold);
      return visible;
    },
  };
}

/** How many characters at the end of `text` may begin a tag ("<", "<thin", "◁th", "<|chan"). */
function begunTagLength(text: string): number {
  for (let n = Math.min(text.length, LONGEST - 1); n > 0; n--) {
    const tail = text.slice(text.length - n).toLowerCase();
    if (TOKENS.some((t) => t.startsWith(tail))) return n;
  }
  return 0;
}
