import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseReplayFixture, transcriptKey } from "../../../packages/sandbox/src/model/index.js";
import { isModelError } from "../../../src/models/model-error.js";
import { createTranscriber, transcriptionLanguage } from "../../../src/models/transcription-client.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

const NOTE = readFileSync(new URL("../../fixtures/voice/restore-backup.en.ogg", import.meta.url));
const stand = useModelStandIn({
  apiKey: "k1",
  models: ["whisper-1"],
  fixture: parseReplayFixture(
    `${JSON.stringify({ key: transcriptKey(NOTE), reply: "  How do I\nrestore it? " })}\n`,
  ),
});
const transcriber = (over: { apiKey?: string; timeoutMs?: number; model?: string } = {}) =>
  createTranscriber({
    settings: {
      name: "speech",
      baseUrl: stand.baseUrl(),
      model: "whisper-1",
      apiKey: "k1",
      timeoutMs: 2000,
      ...over,
    },
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isModelError(error) ? error.code : String(error)),
  );

describe("transcription client: OpenAI's POST /audio/transcriptions", () => {
  it("sends the file, model, language and response_format, and reads the words", async () => {
    const text = await transcriber().transcribe({ bytes: NOTE, mimeType: "audio/ogg", language: "en" });
    expect(text).toBe("How do I restore it?");
    expect(stand.server.transcriptions()).toEqual([
      {
        model: "whisper-1",
        language: "en",
        responseFormat: "json",
        fileName: "audio.ogg",
        mimeType: "audio/ogg",
        bytes: NOTE.length,
        key: transcriptKey(NOTE),
        authorization: "Bearer k1",
      },
    ]);
  });

  it("names each failure with a model error code", async () => {
    expect(
      await failure(transcriber({ apiKey: "wrong" }).transcribe({ bytes: NOTE, mimeType: "audio/ogg" })),
    ).toBe("model-unauthorized");
    expect(
      await failure(transcriber({ model: "nope" }).transcribe({ bytes: NOTE, mimeType: "audio/ogg" })),
    ).toBe("model-not-found");
    // Audio nobody recorded a transcript for: the stand-in refuses rather than invent words.
    expect(
      await failure(transcriber().transcribe({ bytes: new Uint8Array([1, 2]), mimeType: "audio/ogg" })),
    ).toBe("model-refused");
    stand.server.transcriptionFault({ status: 503 });
    expect(await failure(transcriber().transcribe({ bytes: NOTE, mimeType: "audio/ogg" }))).toBe(
      "model-server-error",
    );
    stand.server.transcriptionFault({ delayMs: 1500 });
    expect(
      await failure(transcriber({ timeoutMs: 200 }).transcribe({ bytes: NOTE, mimeType: "audio/ogg" })),
    ).toBe("model-timeout");
  });

  it("reports a server that cannot be reached", async () => {
    const gone = createTranscriber({
      settings: {
        name: "s",
        baseUrl: "http://127.0.0.1:9/v1",
        model: "m",
        apiKey: undefined,
        timeoutMs: 2000,
      },
    });
    expect(await failure(gone.transcribe({ bytes: NOTE, mimeType: "audio/ogg" }))).toBe("model-unreachable");
  });

  it("takes the ISO-639-1 part of a Telegram language code", () => {
    expect(transcriptionLanguage("pt-br")).toBe("pt");
    expect(transcriptionLanguage("ru")).toBe("ru");
    expect(transcriptionLanguage("zh_hans")).toBe("zh");
    expect(transcriptionLanguage(undefined)).toBeUndefined();
    expect(transcriptionLanguage("yue")).toBeUndefined();
  });
});
