import { createHash } from "node:crypto";
import type { ChatMessage } from "./chat-types.js";

/**
 * The key of a prompt: sha256 (hex) of the JSON of its messages, each written as `{role, content}`
 * in that order. The replay fixture of the model stand-in and the prompt dump of the bench name a
 * prompt by it, so a recorded reply is found again only for exactly the messages it answered.
 */
export function promptKey(messages: readonly ChatMessage[]): string {
  const canonical = JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content })));
  return createHash("sha256").update(canonical).digest("hex");
}
