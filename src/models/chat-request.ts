import { createParser } from "eventsource-parser";
import type { ChatMessage } from "./chat-types.js";
import { ModelError, statusError } from "./model-error.js";
import { hasThinking, type Message, reportedError, textOf } from "./reply-parts.js";
import { retryAfterMs } from "./retry-after.js";

export type Fetch = typeof fetch;

export interface ChatCall {
  /** The OpenAI-compatible root, ending in /v1. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  messages: readonly ChatMessage[];
  /** Pictures (data: URLs) shown with the last message, as OpenAI's content parts. */
  pictures?: readonly string[];
  maxTokens: number;
  /** Stream the reply; `onText` then sees the text so far after each piece. */
  stream: boolean;
  onText?: (soFar: string) => void;
  signal: AbortSignal;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}

export interface ChatResult {
  /** The reply's content as the server sent it (thinking not yet stripped). */
  text: string;
  /** As the server counted; undefined when it sent none. */
  usage: TokenUsage | undefined;
  /** The server sent thinking beside the text (reply-parts.ts hasThinking). */
  reasoned: boolean;
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/i;

/** The ModelError for a fetch that threw before an answer (never for an abort: the caller names those). */
export function transportError(error: unknown): ModelError {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : "";
  if (TLS_CODES.test(code))
    return new ModelError("model-tls", `TLS with the model server failed (${code})`, { cause: error });
  return new ModelError(
    "model-unreachable",
    `the model server cannot be reached${code ? ` (${code})` : ""}`,
    {
      cause: error,
    },
  );
}

export function authHeaders(apiKey: string | undefined): Record<string, string> {
  // Ollama and others ignore the key but some clients' servers want the header present.
  return { authorization: `Bearer ${apiKey ?? "none"}` };
}

/** One POST {baseUrl}/chat/completions. Throws ModelError; an abort throws the signal's reason. */
export async function postChat(fetchFn: Fetch, call: ChatCall): Promise<ChatResult> {
  const body = {
    model: call.model,
    messages: call.pictures?.length ? withPictures(call.messages, call.pictures) : call.messages,
    max_tokens: call.maxTokens,
    temperature: 0,
    stream: call.stream,
    ...(call.stream ? { stream_options: { include_usage: true } } : {}),
  };
  let response: Response;
  try {
    response = await fetchFn(`${call.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...authHeaders(call.apiKey) },
      body: JSON.stringify(body),
      signal: call.signal,
    });
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    throw transportError(error);
  }
  if (!response.ok) throw await errorOf(response);
  return call.stream ? readStream(response, call) : readWhole(response, call.signal);
}

/** The messages with the last one's text and the pictures as content parts (text first). */
function withPictures(messages: readonly ChatMessage[], pictures: readonly string[]): unknown[] {
  return messages.map((m, i) =>
    i < messages.length - 1
      ? m
      : {
          role: m.role,
          content: [
            { type: "text", text: m.content },
            ...pictures.map((url) => ({ type: "image_url", image_url: { url } })),
          ],
        },
  );
}

async function errorOf(response: Response): Promise<ModelError> {
  const text = await response.text().catch(() => "");
  return statusError(
    response.status,
    serverMessage(text),
    retryAfterMs(response.headers.get("retry-after"), Date.now()),
  );
}

/** The `error.message` of an OpenAI-shaped error body (some servers send `error` as a string). */
export function serverMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    return typeof parsed.error === "string" ? parsed.error : String(parsed.error?.message ?? "");
  } catch {
    return "";
  }
}

function usageOf(value: unknown): TokenUsage | undefined {
  const u = value as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
  if (typeof u?.prompt_tokens !== "number" || typeof u.completion_tokens !== "number") return undefined;
  return { prompt: u.prompt_tokens, completion: u.completion_tokens };
}

async function readWhole(response: Response, signal: AbortSignal): Promise<ChatResult> {
  let parsed: { choices?: { message?: Message }[]; usage?: unknown; error?: unknown };
  try {
    parsed = (await response.json()) as typeof parsed;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new ModelError("model-malformed-reply", "the model's reply is not JSON", { cause: error });
  }
  if (parsed.error !== undefined && parsed.choices === undefined) throw reportedError(parsed.error);
  const message = parsed.choices?.[0]?.message;
  const text = textOf(message?.content);
  // A reasoning server may leave `content` out while it sends only thinking: no text.
  if (text === undefined || (message?.content === undefined && !hasThinking(message)))
    throw new ModelError("model-malformed-reply", "the model's reply has no choices[0].message.content");
  return { text: text ?? "", usage: usageOf(parsed.usage), reasoned: hasThinking(message) };
}

interface Chunk {
  choices?: { delta?: Message }[];
  usage?: unknown;
  error?: unknown;
}

async function readStream(response: Response, call: ChatCall): Promise<ChatResult> {
  let text = "";
  let usage: TokenUsage | undefined;
  let reasoned = false;
  let failed: ModelError | undefined;
  let done = false;
  let malformed: unknown;
  const parser = createParser({
    onEvent(event) {
      if (done || malformed !== undefined || failed) return;
      if (event.data.trim() === "[DONE]") return void (done = true);
      let chunk: Chunk;
      try {
        chunk = JSON.parse(event.data) as Chunk;
      } catch (error) {
        return void (malformed = error);
      }
      if (chunk.error !== undefined) return void (failed = reportedError(chunk.error));
      usage = usageOf(chunk.usage) ?? usage;
      const delta = chunk.choices?.[0]?.delta;
      reasoned ||= hasThinking(delta);
      const piece = textOf(delta?.content);
      if (typeof piece === "string" && piece !== "") {
        text += piece;
        call.onText?.(text);
      }
    },
  });
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body ?? []) {
      parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }));
      if (malformed !== undefined)
        throw new ModelError("model-malformed-reply", "a chunk of the model's stream is not JSON", {
          cause: malformed,
        });
      if (failed) throw failed;
      if (done) break;
    }
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (error instanceof ModelError) throw error;
    throw new ModelError("model-stream-cut", "the model's stream broke off", { cause: error });
  }
  if (!done) throw new ModelError("model-stream-cut", "the model's stream ended without [DONE]");
  return { text, usage, reasoned };
}
