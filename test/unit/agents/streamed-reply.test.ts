import { describe, expect, it } from "vitest";
import { type AnswerSink, streaming } from "../../../src/agents/streamed-reply.js";
import type { ModelCall, ModelReply } from "../../../src/models/model-client.js";
import { ModelError } from "../../../src/models/model-error.js";

const CALL: ModelCall = { purpose: "answer", agent: "main", account: "a", messages: [] };
const usage = { prompt: 1, completion: 1 };
/** The reply text through `streaming`. */
const streamedReply = async (
  client: Parameters<typeof streaming>[0],
  call: ModelCall,
  sink: AnswerSink,
): Promise<string> => (await streaming(client, sink).complete(call)).text;

/** A model that writes `words` one at a time, every 5 ms, and stops with model-cancelled when aborted. */
function writer(words: string[]) {
  return {
    complete(call: ModelCall): Promise<ModelReply> {
      return new Promise((resolve, reject) => {
        if (call.signal?.aborted)
          return reject(new ModelError("model-cancelled", "the model call was cancelled"));
        let text = "";
        let i = 0;
        const timer = setInterval(() => {
          if (i === words.length) {
            clearInterval(timer);
            return resolve({ text, usage });
          }
          text += (i === 0 ? "" : " ") + words[i++];
          call.onText?.(text);
        }, 5);
        call.signal?.addEventListener("abort", () => {
          clearInterval(timer);
          reject(new ModelError("model-cancelled", "the model call was cancelled"));
        });
      });
    },
  };
}

describe("streamed model reply", () => {
  it("shows Thinking… first, then each text so far, and returns the whole reply", async () => {
    const shown: string[] = [];
    const stopped = new AbortController().signal;
    const text = await streamedReply(writer(["Run", "restore", "[1]"]), CALL, {
      show: (t) => shown.push(t),
      stopped,
    });
    expect(text).toBe("Run restore [1]");
    expect(shown).toEqual(["", "Run", "Run restore", "Run restore [1]"]);
  });

  it("a stop keeps what was written; a stop before any text, and a shutdown's cancel, fail as before", async () => {
    const stop = new AbortController();
    const sink = {
      show: (t: string) => {
        if (t.includes("[1]")) stop.abort();
      },
      stopped: stop.signal,
    };
    expect(await streamedReply(writer(["Run", "restore", "[1]", "then", "check"]), CALL, sink)).toBe(
      "Run restore [1]",
    );
    const early = new AbortController();
    early.abort();
    await expect(
      streamedReply(writer(["a"]), CALL, { show: () => {}, stopped: early.signal }),
    ).rejects.toMatchObject({ code: "model-cancelled" });
    const shutdown = new AbortController();
    const pending = streamedReply(
      writer(["a", "b", "c", "d"]),
      { ...CALL, signal: shutdown.signal },
      {
        show: (t) => (t === "a b" ? shutdown.abort() : undefined),
        stopped: new AbortController().signal,
      },
    );
    await expect(pending).rejects.toMatchObject({ code: "model-cancelled" });
  });
});
