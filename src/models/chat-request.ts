import type { ChatCall, ChatMessage, ChatResult, Fetch } from "./chat-types.js";
import { readStream } from "./chat-stream.js";
import { ModelError, statusError } from "./model-error.js";
import { type ReplyBounds, replyBounds, SMALL_BODY_BYTES, textBounded } from "./reply-bounds.js";
import { hasThinking, type Message, reportedError, textOf } from "./reply-parts.js";
import { retryAfterMs } from "./retry-after.js";
import { usageOf } from "./usage.js";

export type { ChatCall, ChatMessage, ChatResult, Fetch, TokenUsage } from "./chat-types.js";

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
  const bounds = replyBounds(call.maxOutputTokens);
  return call.stream ? readStream(response, call, bounds) : readWhole(response, call, bounds);
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
  const text = await textBounded(response, SMALL_BODY_BYTES).catch(() => "");
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

async function readWhole(response: Response, call: ChatCall, bounds: ReplyBounds): Promise<ChatResult> {
  let parsed: { choices?: { message?: Message }[]; usage?: unknown; error?: unknown };
  try {
    parsed = JSON.parse(await textBounded(response, bounds.bodyBytes)) as typeof parsed;
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (error instanceof ModelError) throw error;
    throw new ModelError("model-malformed-reply", "the model's reply is not JSON", { cause: error });
  }
  if (parsed.error !== undefined && parsed.choices === undefined) throw reportedError(parsed.error);
  const message = parsed.choices?.[0]?.message;
  const text = textOf(message?.content);
  // A reasoning server may leave `content` out while it sends only thinking: no text.
  if (text === undefined || (message?.content === undefined && !hasThinking(message)))
    throw new ModelError("model-malformed-reply", "the model's reply has no choices[0].message.content");
  return { text: text ?? "", usage: usageOf(parsed.usage, call), reasoned: hasThinking(message) };
}
