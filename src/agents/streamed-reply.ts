import type { AnswerStream } from "../core/replier.js";
import type { ModelCall, ModelClient, ModelReply } from "../models/model-client.js";
import { isModelError } from "../models/model-error.js";

/** Where a model's answer is shown while it is written, and the asker's stop (core/replier.ts). */
export type AnswerSink = Pick<AnswerStream, "show" | "stopped">;

/**
 * The model client with its replies streamed to `sink` as they are written ("" first: the answer
 * is being written); without a sink, the client itself. A stop pressed by the asker cancels the
 * call and keeps what was written so far as the reply; a stop before any text, and every other
 * failure, throws the ModelError as without a sink.
 */
export function streaming(
  client: Pick<ModelClient, "complete">,
  sink: AnswerSink | undefined,
): { complete(call: ModelCall): Promise<Pick<ModelReply, "text">> } {
  if (!sink) return client;
  return { complete: (call) => streamedReply(client, call, sink) };
}

async function streamedReply(
  client: Pick<ModelClient, "complete">,
  call: ModelCall,
  sink: AnswerSink,
): Promise<Pick<ModelReply, "text">> {
  let soFar = "";
  sink.show("");
  const signal = call.signal ? AbortSignal.any([call.signal, sink.stopped]) : sink.stopped;
  try {
    const reply = await client.complete({
      ...call,
      signal,
      onText: (text) => {
        soFar = text;
        sink.show(text);
      },
    });
    return { text: reply.text };
  } catch (error) {
    const stopped = sink.stopped.aborted && isModelError(error) && error.code === "model-cancelled";
    if (stopped && soFar.trim() !== "") return { text: soFar.trim() };
    throw error;
  }
}
