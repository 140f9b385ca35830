import { authHeaders, type Fetch, transportError } from "./chat-request.js";
import { isModelError, ModelError, statusError } from "./model-error.js";
import type { ModelSettings } from "./model-settings.js";
import { SMALL_BODY_BYTES, textBounded } from "./reply-bounds.js";

/** Any failure of a call as a ModelError: a timeout says so, another abort is a cancel. */
export function named(error: unknown, timeout: AbortSignal, settings: ModelSettings): ModelError {
  if (isModelError(error)) return error;
  if (timeout.aborted)
    return new ModelError(
      "model-timeout",
      `model ${settings.name} gave no answer within ${settings.timeoutMs} ms`,
    );
  return new ModelError("model-cancelled", "the model call was cancelled", { cause: error });
}

/** The configured model id, or (when "") the first the server lists, asked once (again after a failure). */
export function firstListedModel(
  settings: ModelSettings,
  list: (signal: AbortSignal) => Promise<string[]>,
): (signal: AbortSignal) => Promise<string> {
  let firstListed: Promise<string> | undefined;
  return (signal) => {
    if (settings.model !== "") return Promise.resolve(settings.model);
    firstListed ??= list(signal).then((ids) => {
      if (ids[0] === undefined) throw new ModelError("model-not-found", "the model server lists no model");
      return ids[0];
    });
    firstListed.catch(() => (firstListed = undefined));
    return firstListed;
  };
}

/** GET {baseUrl}/models: the ids the server lists. Every failure is a ModelError. */
export async function listServerModels(
  fetchFn: Fetch,
  settings: ModelSettings,
  signal?: AbortSignal,
): Promise<string[]> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const both = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let response: Response;
  try {
    response = await fetchFn(`${settings.baseUrl}/models`, {
      headers: authHeaders(settings.apiKey),
      signal: both,
    });
  } catch (error) {
    throw both.aborted ? named(error, timeout, settings) : transportError(error);
  }
  if (!response.ok) throw statusError(response.status, "");
  const body = (await textBounded(response, SMALL_BODY_BYTES)
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined)) as { data?: { id?: unknown }[] } | undefined;
  if (!Array.isArray(body?.data))
    throw new ModelError("model-malformed-reply", "GET /models did not answer an OpenAI model list");
  return body.data.map((m) => String(m.id));
}
