import { createParser } from "eventsource-parser";
import type { ChatCall, ChatResult, TokenUsage } from "./chat-types.js";
import { ModelError } from "./model-error.js";
import { type ReplyBounds, tooLong } from "./reply-bounds.js";
import { hasThinking, type Message, reportedError, textOf } from "./reply-parts.js";
import { usageOf } from "./usage.js";

/** Lines that are no field of an event stream read before the stream is given up. */
const UNKNOWN_LINES = 16;

interface Chunk {
  choices?: { delta?: Message }[];
  usage?: unknown;
  error?: unknown;
}

/**
 * What the events of a stream said so far. Each event costs time proportional to its own size:
 * the pieces are only appended, and a stream (or one line of it) longer than its bounds ends the
 * call with `model-reply-too-long`.
 */
function createStreamReading(call: ChatCall, bounds: ReplyBounds) {
  const state = {
    text: "",
    usage: undefined as TokenUsage | undefined,
    reasoned: false,
    done: false,
    /** Characters of text and of thinking read. */
    chars: 0,
    failure: undefined as ModelError | undefined,
  };
  let unknownLines = 0;
  const parser = createParser({
    maxBufferSize: bounds.lineBytes,
    // A line that is no field of an event stream ("<html>…"): a few are skipped, then the stream
    // is not one (thrown out of feed at once, not read to its end line by line).
    onError(error) {
      if (error.type === "max-buffer-size-exceeded") throw tooLong("bytes in one event", bounds.lineBytes);
      if (++unknownLines > UNKNOWN_LINES)
        throw new ModelError("model-malformed-reply", "the model's stream is not server-sent events", {
          cause: error,
        });
    },
    onEvent(event) {
      if (state.done || state.failure) return;
      if (event.data.trim() === "[DONE]") return void (state.done = true);
      let chunk: Chunk;
      try {
        chunk = JSON.parse(event.data) as Chunk;
      } catch (error) {
        const failure = "a chunk of the model's stream is not JSON";
        return void (state.failure = new ModelError("model-malformed-reply", failure, { cause: error }));
      }
      if (chunk.error !== undefined) return void (state.failure = reportedError(chunk.error));
      state.usage = usageOf(chunk.usage, call) ?? state.usage;
      const delta = chunk.choices?.[0]?.delta;
      state.reasoned ||= hasThinking(delta);
      const piece = textOf(delta?.content);
      state.chars += (typeof piece === "string" ? piece.length : 0) + thinkingChars(delta);
      if (state.chars > bounds.textChars)
        return void (state.failure = tooLong("characters", bounds.textChars));
      if (typeof piece === "string" && piece !== "") {
        state.text += piece;
        call.onPiece?.(piece);
      }
    },
  });
  return { state, parser };
}

function thinkingChars(delta: Message | undefined): number {
  const field = delta?.reasoning_content ?? delta?.reasoning;
  return typeof field === "string" ? field.length : 0;
}

/** A streamed reply (server-sent events), read within `bounds`. */
export async function readStream(
  response: Response,
  call: ChatCall,
  bounds: ReplyBounds,
): Promise<ChatResult> {
  const { state, parser } = createStreamReading(call, bounds);
  const decoder = new TextDecoder();
  let bytes = 0;
  /** Bytes since the last line break: one event's line. */
  let line = 0;
  try {
    for await (const part of response.body ?? []) {
      const chunk = part as Uint8Array;
      bytes += chunk.byteLength;
      line = lineAfter(chunk, line);
      if (bytes > bounds.streamBytes) throw tooLong("bytes", bounds.streamBytes);
      if (line > bounds.lineBytes) throw tooLong("bytes in one event", bounds.lineBytes);
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (state.failure) throw state.failure;
      if (state.done) break;
    }
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (error instanceof ModelError) throw error;
    throw new ModelError("model-stream-cut", "the model's stream broke off", { cause: error });
  }
  if (!state.done) throw new ModelError("model-stream-cut", "the model's stream ended without [DONE]");
  return { text: state.text, usage: state.usage, reasoned: state.reasoned };
}

/** The length of the line being read after `chunk`: the bytes after its last line break. */
function lineAfter(chunk: Uint8Array, before: number): number {
  for (let i = chunk.byteLength - 1; i >= 0; i--) {
    if (chunk[i] === 0x0a || chunk[i] === 0x0d) return chunk.byteLength - 1 - i;
  }
  return before + chunk.byteLength;
}
