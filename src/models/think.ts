/**
 * A reasoning model's thinking, written into the content (docs/models.md, "What replies are
 * understood"): `<think>…</think>` (DeepSeek R1, Qwen3, QwQ), also as `<thinking>` or
 * `<reasoning>`; Kimi's `◁think▷…◁/think▷`; a reply that starts inside the thinking because the
 * chat template opened it (only the closing tag is sent: DeepSeek R1, QwQ without a reasoning
 * parser); gpt-oss's channels (`<|channel|>analysis<|message|>…` then `<|channel|>final<|message|>`)
 * when the server does not parse them. Thinking a server sends in a field of its own
 * (`reasoning_content`, `reasoning`) never reaches the text (src/models/chat-request.ts).
 */
export const THINK_BLOCKS: readonly [open: string, close: string][] = [
  ["<think>", "</think>"],
  ["<thinking>", "</thinking>"],
  ["<reasoning>", "</reasoning>"],
  ["◁think▷", "◁/think▷"],
];
const FINAL_CHANNEL = "<|channel|>final<|message|>";
const HARMONY_TOKEN = /<\|(?:start|end|return|message|channel|constrain|call)\|>/;

/**
 * The text outside the thinking, trimmed. A block not closed yet (while streaming, or cut off)
 * hides everything after its start; `partial` (a reply still being written) also hides a tag
 * that is only begun at the end ("<thi").
 */
export function stripThink(text: string, options: { partial?: boolean } = {}): string {
  let out = harmonyFinal(text);
  const lower = () => out.toLowerCase();
  for (const [open, close] of THINK_BLOCKS) {
    // A closing tag with no opening before it: the template opened the block, the reply is in it.
    const closeAt = lower().indexOf(close);
    if (closeAt >= 0 && !lower().slice(0, closeAt).includes(open)) out = out.slice(closeAt + close.length);
    for (let at = lower().indexOf(open); at >= 0; at = lower().indexOf(open, at)) {
      const end = lower().indexOf(close, at + open.length);
      out = end < 0 ? out.slice(0, at) : out.slice(0, at) + out.slice(end + close.length);
    }
  }
  if (options.partial) out = withoutBegunTag(out);
  return out.trim();
}

/** gpt-oss's final channel when the text has channels; "" while only its analysis is written. */
function harmonyFinal(text: string): string {
  if (!HARMONY_TOKEN.test(text)) return text;
  const final = text.lastIndexOf(FINAL_CHANNEL);
  if (final < 0) return "";
  return text.slice(final + FINAL_CHANNEL.length).split(HARMONY_TOKEN)[0]!;
}

/** The text without an opening tag begun at its very end ("<", "<thin", "◁th", "<|chan"). */
function withoutBegunTag(text: string): string {
  const starts = [...THINK_BLOCKS.map(([open]) => open), "<|channel|>"];
  for (let cut = Math.max(0, text.length - 12); cut < text.length; cut++) {
    const tail = text.slice(cut).toLowerCase();
    if (starts.some((s) => s.startsWith(tail))) return text.slice(0, cut);
  }
  return text;
}
