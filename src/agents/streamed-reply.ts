import type { AnswerStream } from "../core/replier.js";
import type { ModelCall, ModelClient } from "../models/model-client.js";
import { isModelError } from "../models/model-error.js";

/** Where a model's answer is shown while it is written, and the asker's stop (core/replier.ts). */
export type AnswerSink = Pick<AnswerStream, "show" | "stopped">;

/**
 * The model's reply text; with a sink, streamed to it as it is written ("" first: the answer is
 * being written). A stop pressed by the asker cancels the call and keeps what was written so far
 * as the reply; a stop before any text, and every other failure, throws the ModelError as
 * without a sink.
 */
export async function streamedReply(
  client: Pick<ModelClient, "complete">,
  call: ModelCall,
  sink: AnswerSink | undefined,
): Promise<string> {
  if (!sink) return (await client.complete(call)).text;
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
    return reply.text;
  } catch (error) {
    const stopped = sink.stopped.aborted && isModelError(error) && error.code === "model-cancelled";
    if (stopped && soFar.trim() !== "") return soFar.trim();
    throw error;
  }
}
