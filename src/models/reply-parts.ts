import { ModelError } from "./model-error.js";

/**
 * The parts of a chat completion's message (or a stream's delta) beyond a plain `content`
 * string, as real servers send them (docs/models.md, "What replies are understood").
 */
export interface Message {
  /** A string; null or absent while a reasoning server sends only thinking; or Mistral's parts. */
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}

/**
 * The text of `content`: a string as it is; Mistral's parts (`[{type: "thinking", …},
 * {type: "text", text}]`, Magistral) as their text parts; null or absent as null; undefined for
 * anything else (not a chat completion).
 */
export function textOf(content: unknown): string | null | undefined {
  if (typeof content === "string" || content === null) return content;
  if (content === undefined) return null;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((part: { type?: unknown; text?: unknown }) =>
      part?.type === "text" && typeof part.text === "string" ? part.text : "",
    )
    .join("");
}

/**
 * The server sent thinking beside the text: in a field (`reasoning_content`: DeepSeek, llama.cpp,
 * LM Studio, vLLM before 0.11; `reasoning`: Ollama, OpenRouter, later vLLM) or as Mistral's
 * thinking parts. It is never read as text.
 */
export function hasThinking(part: Message | undefined): boolean {
  const field = part?.reasoning_content ?? part?.reasoning;
  if (typeof field === "string" && field.trim() !== "") return true;
  return (
    Array.isArray(part?.content) &&
    part.content.some((p: { type?: unknown }) => p?.type === "thinking" || p?.type === "reasoning")
  );
}

/**
 * An error the server reports after answering 200: in the body, or as an event of the stream once
 * the model started writing (OpenRouter, vLLM). The reply so far is not an answer.
 */
export function reportedError(error: unknown): ModelError {
  const said = typeof error === "string" ? error : (error as { message?: unknown } | null)?.message;
  const message = typeof said === "string" && said !== "" ? `: ${said.slice(0, 200)}` : "";
  return new ModelError("model-server-error", `the model server reported an error while answering${message}`);
}
