/**
 * The bodies an OpenAI-compatible server answers with (OpenAI's API reference for
 * /v1/chat/completions and /v1/models; what Ollama, vLLM and llama.cpp's server send alike).
 */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A rough token count (4 characters a token), enough for budgets and metrics in tests. */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function usageOf(prompt: string, reply: string): Usage {
  const prompt_tokens = countTokens(prompt);
  const completion_tokens = countTokens(reply);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

export function modelList(ids: readonly string[], created: number) {
  return {
    object: "list",
    data: ids.map((id) => ({ id, object: "model", created, owned_by: "sandbox" })),
  };
}

/** Thinking a reasoning server sends beside the content (ScriptedReply.reasoning). */
export interface Reasoning {
  text: string;
  field: "reasoning_content" | "reasoning" | "content-parts";
}

/** Mistral's (Magistral) content parts: a thinking part, then the text as a text part. */
function contentParts(thinking: string, text: string): object[] {
  const parts: object[] = thinking
    ? [{ type: "thinking", thinking: [{ type: "text", text: thinking }] }]
    : [];
  return text ? [...parts, { type: "text", text }] : parts;
}

/** The message (or delta) fields of `text` and `thinking` in the server's style. */
function styled(reasoning: Reasoning | undefined, thinking: string, text: string | null): object {
  if (!reasoning) return { content: text };
  if (reasoning.field === "content-parts") return { content: contentParts(thinking, text ?? "") };
  return { content: text, ...(thinking ? { [reasoning.field]: thinking } : {}) };
}

export function completionBody(o: {
  id: string;
  model: string;
  created: number;
  content: string;
  usage: Usage;
  finish: string;
  reasoning?: Reasoning | undefined;
}) {
  return {
    id: o.id,
    object: "chat.completion",
    created: o.created,
    model: o.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", ...styled(o.reasoning, o.reasoning?.text ?? "", o.content) },
        finish_reason: o.finish,
      },
    ],
    usage: o.usage,
  };
}

/** The SSE chunks of a streamed reply: role first, then content pieces, finish_reason on the last. */
export function completionChunks(o: {
  id: string;
  model: string;
  created: number;
  pieces: readonly string[];
  finish: string;
  usage?: Usage;
  reasoning?: Reasoning | undefined;
}): object[] {
  const chunk = (delta: object, finish: string | null) => ({
    id: o.id,
    object: "chat.completion.chunk",
    created: o.created,
    model: o.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out: object[] = [chunk({ role: "assistant", content: "" }, null)];
  // DeepSeek sends content null beside reasoning_content; Ollama sends "" beside reasoning.
  const quiet = o.reasoning?.field === "reasoning" ? "" : null;
  for (const piece of piecesOf(o.reasoning?.text ?? ""))
    out.push(chunk(styled(o.reasoning, piece, quiet), null));
  for (const piece of o.pieces) out.push(chunk(styled(o.reasoning, "", piece), null));
  out.push(chunk({}, o.finish));
  if (o.usage)
    out.push({
      id: o.id,
      object: "chat.completion.chunk",
      created: o.created,
      model: o.model,
      choices: [],
      usage: o.usage,
    });
  return out;
}

/** Content split into pieces as a server streams it: a word and the space before it each. */
export function piecesOf(content: string): string[] {
  return content.match(/\s*\S+|\s+$/g) ?? [];
}

export type ErrorType =
  "invalid_request_error" | "authentication_error" | "rate_limit_error" | "server_error";

export function errorBody(message: string, type: ErrorType, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}
