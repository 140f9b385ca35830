import type { ChatMessage } from "../../../../src/models/chat-types.js";

/**
 * The demo's stand-in model: a reply made mechanically from the prompt, never invented. A rewrite
 * prompt gets the question back as its search words; a grounded-answer prompt gets the text of
 * its first passage (up to 60 words), cited as [1] after its first sentence. Streamed a word at a time at a reading pace, it shows what a
 * model's answer looks like while it is written, without a model server.
 */
export function echoReply(messages: readonly ChatMessage[]): string | undefined {
  const content: unknown = messages.findLast((m) => m.role === "user")?.content ?? "";
  // A picture's prompt (content parts) has nothing to echo: it is answered only when recorded.
  if (typeof content !== "string") return undefined;
  const user = content;
  if (!user.startsWith("Passages:")) return user.trim() === "" ? undefined : user.trim().split("\n")[0];
  const first = /^\[1\] [^\n]*\n([\s\S]*?)(?:\n\n\[2\] |\n\nQuestion: )/m.exec(user)?.[1]?.trim();
  if (!first) return undefined;
  // Up to 60 words of it, the citation after its first sentence (or its first 12 words).
  const words = first.split(/\s+/).slice(0, 60);
  const end = words.findIndex((w) => /[.!?]$/.test(w));
  const cite = end >= 0 && end < 12 ? end + 1 : Math.min(12, words.length);
  return ["The wiki says:", ...words.slice(0, cite), "[1]", ...words.slice(cite)].join(" ");
}
