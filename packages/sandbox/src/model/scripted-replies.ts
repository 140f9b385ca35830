import type { ChatMessage } from "../../../../src/models/chat-types.js";

/**
 * A reply a test sets instead of a recorded one: text, or a failure of the kind real servers show.
 * Without `when` it answers the next request; with it, the next whose messages contain that text.
 */
export interface ScriptedReply {
  /** The reply text (may hold `<think>…</think>` like a reasoning model's). */
  content?: string;
  /** Streamed: the content in exactly these pieces (default: a word and the space before it each). */
  pieces?: string[];
  /**
   * Thinking sent beside the content, in the field a reasoning server uses (never in `content`):
   * `reasoning_content` (DeepSeek, llama.cpp, LM Studio, vLLM before 0.11, content null while it
   * thinks) or `reasoning` (Ollama, OpenRouter, later vLLM, content ""); or `content-parts`:
   * `content` as Mistral's parts, a thinking part then text parts (Magistral). Streamed, it comes first.
   */
  reasoning?: { text: string; field: "reasoning_content" | "reasoning" | "content-parts" };
  /** Answer this HTTP status with an OpenAI-shaped error instead (401, 404, 429, 500, ...). */
  status?: number;
  /** With status 429 (or any): the `Retry-After` header, in seconds. */
  retryAfterS?: number;
  /** Wait this long before the first byte. */
  delayMs?: number;
  /** Streamed: wait this long between chunks. */
  chunkDelayMs?: number;
  /** A body (or, streamed, a chunk) that is not JSON. */
  malformed?: boolean;
  /** Streamed: the connection drops after this many content pieces, without `[DONE]`. */
  cutAfter?: number;
  /**
   * The server reports an error after answering 200 (OpenRouter, vLLM): streamed, an event
   * `{"error": {…}}` after this many pieces, then `[DONE]`; not streamed, a 200 body `{"error": {…}}`.
   */
  errorAfter?: number;
  /** Hostile: the content (default "and again") repeated to this many megabytes, whole or streamed. */
  oversizedMb?: number;
  /** Hostile: after the headers, a word every this many ms, never ending (streamed: an event each). */
  dripMs?: number;
  /** Hostile, streamed or not: 2 MB of lines that are not server-sent events, then the end. */
  invalidStream?: boolean;
  /** The `usage` the server claims (e.g. `{"prompt_tokens": 1e308, …}`) instead of its count. */
  usage?: Record<string, unknown>;
  /** Only for requests whose messages contain this text. */
  when?: string;
  /** Keep answering every matching request (default: used once). */
  sticky?: boolean;
}

export interface ReplyScript {
  add(replies: readonly ScriptedReply[]): void;
  /** The scripted reply for these messages, taken off the script unless sticky. */
  take(messages: readonly ChatMessage[]): ScriptedReply | undefined;
  clear(): void;
}

export function createReplyScript(): ReplyScript {
  let queue: ScriptedReply[] = [];
  return {
    add(replies) {
      queue.push(...replies);
    },
    take(messages) {
      const text = messages.map((m) => m.content).join("\n");
      const index = queue.findIndex((r) => r.when === undefined || text.includes(r.when));
      if (index < 0) return undefined;
      const found = queue[index]!;
      if (!found.sticky) queue.splice(index, 1);
      return found;
    },
    clear() {
      queue = [];
    },
  };
}
