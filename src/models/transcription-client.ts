import { authHeaders, type Fetch, serverMessage, transportError } from "./chat-request.js";
import { ModelError, statusError } from "./model-error.js";
import type { ModelSettings } from "./model-settings.js";

/** One recording to transcribe, as Telegram gave it. */
export interface Recording {
  bytes: Uint8Array;
  /** The MIME type Telegram states ("audio/ogg" for a voice note); servers read the format from the name too. */
  mimeType: string;
  /** ISO-639-1 language of the asker (`ru`, `en`), when known: sent as `language`. */
  language?: string;
  signal?: AbortSignal;
}

/** A speech-to-text server (`agents.<id>.speechToText`): OpenAI's `POST {baseUrl}/audio/transcriptions`. */
export interface Transcriber {
  /** The key in `models`. */
  name: string;
  /**
   * The words of the recording. Throws ModelError: `model-timeout` past the model's `timeoutMs`,
   * `model-empty-reply` when nothing was heard, and the codes of any HTTP or transport failure
   * (as a chat call's). An abort of `signal` throws its reason.
   */
  transcribe(recording: Recording): Promise<string>;
}

/** Extensions servers accept, by the MIME types Telegram sends (ffmpeg behind them reads the rest). */
const EXTENSIONS: Record<string, string> = {
  "audio/ogg": "ogg",
  "audio/opus": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/m4a": "m4a",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/webm": "webm",
  "audio/flac": "flac",
  "video/mp4": "mp4",
};

/**
 * The transcriber of one `models` entry. The request is multipart: `file` (named `audio.<ext>`,
 * as OpenAI reads the format from the name), `model`, `language` when known, and
 * `response_format: "json"`; the reply is `{"text": "..."}`. Nothing else of the asker is sent.
 */
export function createTranscriber(deps: {
  settings: Pick<ModelSettings, "name" | "baseUrl" | "model" | "apiKey" | "timeoutMs">;
  fetch?: Fetch;
}): Transcriber {
  const { settings } = deps;
  const fetchFn = deps.fetch ?? fetch;
  return {
    name: settings.name,
    async transcribe(recording) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = recording.signal ? AbortSignal.any([recording.signal, timeout]) : timeout;
      try {
        return await post(fetchFn, settings, recording, signal);
      } catch (error) {
        if (recording.signal?.aborted) throw recording.signal.reason;
        if (timeout.aborted)
          throw new ModelError("model-timeout", `no transcription within ${settings.timeoutMs} ms`);
        throw error;
      }
    },
  };
}

async function post(
  fetchFn: Fetch,
  settings: Pick<ModelSettings, "baseUrl" | "model" | "apiKey">,
  recording: Recording,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  const extension = EXTENSIONS[recording.mimeType.split(";")[0]!.trim().toLowerCase()] ?? "ogg";
  form.append("file", new Blob([recording.bytes], { type: recording.mimeType }), `audio.${extension}`);
  form.append("model", settings.model);
  if (recording.language !== undefined) form.append("language", recording.language);
  form.append("response_format", "json");
  let response: Response;
  try {
    response = await fetchFn(`${settings.baseUrl}/audio/transcriptions`, {
      method: "POST",
      headers: authHeaders(settings.apiKey),
      body: form,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw transportError(error);
  }
  const text = await response.text();
  if (!response.ok) throw statusError(response.status, serverMessage(text));
  return textOf(text);
}

/** The transcript of a `json` reply; a server answering plain text (some do) is read as it is. */
function textOf(body: string): string {
  let said: string;
  try {
    const parsed = JSON.parse(body) as { text?: unknown };
    if (typeof parsed.text !== "string")
      throw new ModelError("model-malformed-reply", "the transcription reply holds no text");
    said = parsed.text;
  } catch (error) {
    if (error instanceof ModelError) throw error;
    said = body;
  }
  const words = said.replace(/\s+/g, " ").trim();
  if (words === "") throw new ModelError("model-empty-reply", "the speech server heard no words");
  return words;
}

/** The ISO-639-1 part of a Telegram language code (`pt-br` → `pt`), or undefined. */
export function transcriptionLanguage(code: string | undefined): string | undefined {
  const primary = code?.split(/[-_]/)[0]?.toLowerCase();
  return primary !== undefined && /^[a-z]{2}$/.test(primary) ? primary : undefined;
}
