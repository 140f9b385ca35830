import type { ChatMessage } from "../../../../src/models/chat-types.js";
import { standInAnswer } from "./stand-in-answer.js";

/**
 * The demo's stand-in model, for a prompt its recordings do not hold: a reply made mechanically
 * from the prompt, never invented. A rewrite prompt gets the question back as its search words; a
 * grounded-answer prompt gets stand-in-answer.ts's answer (a sentence of the passage that shares
 * most of the question, its citation at its end). Streamed a word at a time at a reading pace, it
 * shows what a model's answer looks like while it is written, without a model server.
 */
export function echoReply(messages: readonly ChatMessage[]): string | undefined {
  const content: unknown = messages.findLast((m) => m.role === "user")?.content ?? "";
  // A picture's prompt (content parts) has nothing to echo: it is answered only when recorded.
  if (typeof content !== "string") return undefined;
  const user = content;
  if (!user.startsWith("Passages:")) return user.trim() === "" ? undefined : user.trim().split("\n")[0];
  return standInAnswer(user);
}
