import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./chat-reply.js";
import { errorBody } from "./openai-shapes.js";
import type { ReplayFixture } from "./replay-fixture.js";

/** One transcription request as received, for tests that check what reached the speech server. */
export interface ReceivedTranscription {
  model: string;
  language: string | undefined;
  responseFormat: string | undefined;
  fileName: string;
  mimeType: string;
  bytes: number;
  /** transcriptKey of the audio: the fixture's key. */
  key: string;
  authorization: string | undefined;
}

/** What the next transcriptions do instead of answering: wait, or fail with a status. */
export interface TranscriptionFault {
  delayMs?: number;
  status?: number;
}

/**
 * The fixture key of a recording: `audio-` and the SHA-256 of its bytes, hex. A transcript is
 * recorded under the key of the very file Telegram sent (the same bytes give the same words).
 */
export function transcriptKey(bytes: Uint8Array): string {
  return `audio-${createHash("sha256").update(bytes).digest("hex")}`;
}

/**
 * `POST /v1/audio/transcriptions` as OpenAI's API takes it (multipart `file`, `model`, `language`,
 * `response_format`), answered with the transcript recorded for the file's bytes
 * (`{"text": ...}`), or 422 `replay_miss`: the stand-in never invents what was said.
 */
export function createTranscriptions(deps: { fixture: ReplayFixture; models: readonly string[] }) {
  let log: ReceivedTranscription[] = [];
  let fault: TranscriptionFault = {};
  return {
    received: () => [...log],
    setFault(next: TranscriptionFault) {
      fault = next;
    },
    reset() {
      log = [];
      fault = {};
    },
    async answer(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
      let form: FormData;
      try {
        form = await new Request("http://model/", {
          method: "POST",
          headers: { "content-type": req.headers["content-type"] ?? "" },
          body,
        }).formData();
      } catch {
        return sendJson(res, 400, errorBody("Could not parse multipart form data.", "invalid_request_error"));
      }
      const file = form.get("file");
      const model = String(form.get("model") ?? "");
      if (!(file instanceof Blob))
        return sendJson(res, 400, errorBody("'file' is a required property.", "invalid_request_error"));
      if (!deps.models.includes(model))
        return sendJson(
          res,
          404,
          errorBody(`The model \`${model}\` does not exist.`, "invalid_request_error", "model_not_found"),
        );
      const bytes = new Uint8Array(await file.arrayBuffer());
      const key = transcriptKey(bytes);
      const language = form.get("language");
      const format = form.get("response_format");
      log.push({
        model,
        language: typeof language === "string" ? language : undefined,
        responseFormat: typeof format === "string" ? format : undefined,
        fileName: file instanceof File ? file.name : "",
        mimeType: file.type,
        bytes: bytes.length,
        key,
        authorization: req.headers.authorization,
      });
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.status)
        return sendJson(res, fault.status, errorBody("The server had an error.", "server_error"));
      const text = deps.fixture.reply(key);
      if (text === undefined)
        return sendJson(
          res,
          422,
          errorBody(
            `No recorded transcript for this audio (key ${key}); record it in the replay fixture.`,
            "invalid_request_error",
            "replay_miss",
          ),
        );
      sendJson(res, 200, { text });
    },
  };
}
