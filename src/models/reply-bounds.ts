import { ModelError } from "./model-error.js";

/**
 * How much of a reply is read before the call is given up (`model-reply-too-long`), derived from
 * the model's maxOutputTokens: a server that ignores `max_tokens` (a misconfigured proxy, a model
 * stuck in a loop, a hostile endpoint) costs the asker the answer without a model, and nobody
 * else anything (docs/models.md, "Bounds on a reply").
 */
export interface ReplyBounds {
  /** Characters of text and thinking together (thinking counts against the same tokens). */
  textChars: number;
  /** Bytes of a whole (not streamed) body: the text, JSON-escaped, and its envelope. */
  bodyBytes: number;
  /** Bytes of a stream: every event carries an envelope of a few hundred bytes beside its piece. */
  streamBytes: number;
  /** Bytes of one line of a stream (one event's data). */
  lineBytes: number;
}

/**
 * Characters a token may take: about 4 in English, 1 to 2 in Chinese or Japanese, up to a few
 * dozen for a run of spaces or dashes; 32 leaves a wide margin for all of them.
 */
const CHARS_PER_TOKEN = 32;
/** A stream's bytes per token: one event per token, with its JSON envelope. */
const STREAM_BYTES_PER_TOKEN = 1024;
/** The envelope of a whole reply (ids, usage, finish reason), with room to spare. */
const ENVELOPE_BYTES = 64 * 1024;
/** An error body, or GET /models: what is read of them. */
export const SMALL_BODY_BYTES = 1024 * 1024;

export function replyBounds(maxOutputTokens: number): ReplyBounds {
  const textChars = maxOutputTokens * CHARS_PER_TOKEN;
  // JSON escapes a character in at most 6 bytes (\uXXXX), 2 per UTF-16 unit of a 4-byte character.
  const escaped = textChars * 6;
  return {
    textChars,
    bodyBytes: escaped + ENVELOPE_BYTES,
    streamBytes: maxOutputTokens * STREAM_BYTES_PER_TOKEN + escaped + ENVELOPE_BYTES,
    lineBytes: escaped + ENVELOPE_BYTES,
  };
}

export function tooLong(what: string, limit: number): ModelError {
  return new ModelError(
    "model-reply-too-long",
    `the model server sent more than ${limit} ${what}: longer than maxOutputTokens allows`,
  );
}

/**
 * The body's bytes, at most `limit` of them: the declared length or the bytes read past it cancel
 * the body (its socket is closed, not reused) and throw `model-reply-too-long`. An abort of the
 * request throws as the fetch does.
 */
export async function readBounded(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooLong("bytes", limit);
  }
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const bytes of response.body ?? []) {
    const part = bytes as Uint8Array;
    length += part.byteLength;
    if (length > limit) {
      await response.body?.cancel().catch(() => {});
      throw tooLong("bytes", limit);
    }
    parts.push(part);
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

/** The body as text, at most `limit` bytes (see readBounded). */
export async function textBounded(response: Response, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBounded(response, limit));
}
