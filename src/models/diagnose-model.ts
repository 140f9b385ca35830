import type { Check } from "../core/check-result.js";
import type { Fetch } from "./chat-request.js";
import { createModelClient } from "./model-client.js";
import { isModelError, ModelError } from "./model-error.js";
import type { ModelSettings } from "./model-settings.js";

/** The one-token question `doctor` asks: any reply, even an empty one, shows the model answers. */
const PROBE = [{ role: "user" as const, content: "Reply with the word: ok" }];

function failed(subject: string, check: string, error: unknown): Check {
  const named = isModelError(error)
    ? error
    : new ModelError("model-unreachable", String(error), { cause: error });
  return { subject, check, status: "fail", detail: `${named.code}: ${named.message}`, fix: named.remedy };
}

/**
 * `doctor`'s checks of one model: the server answers GET {baseUrl}/models, the list holds the
 * model, and a one-token chat completion works. Each failure names its code and remedy (401: the
 * key file; 404: the model name or baseUrl; a timeout; TLS). Never throws.
 */
export async function diagnoseModel(settings: ModelSettings, fetchFn?: Fetch): Promise<Check[]> {
  const subject = `model ${settings.name}`;
  const client = createModelClient({ settings, ...(fetchFn ? { fetch: fetchFn } : {}) });
  let ids: string[];
  try {
    ids = await client.listModels();
  } catch (error) {
    return [failed(subject, "reachable", error)];
  }
  const checks: Check[] = [
    { subject, check: "reachable", status: "ok", detail: `${settings.baseUrl}/models` },
  ];
  if (settings.model !== "" && !ids.includes(settings.model)) {
    checks.push({
      subject,
      check: "lists the model",
      status: "fail",
      detail: `"${settings.model}" is not among ${ids.length} listed: ${ids.slice(0, 8).join(", ")}`,
      fix: "set model to one of the ids listed (Ollama: `ollama pull` it first)",
    });
    return checks;
  }
  const model = settings.model || ids[0] || "(none listed)";
  checks.push({ subject, check: "lists the model", status: "ok", detail: model });
  try {
    await client.complete({
      purpose: "probe",
      agent: "doctor",
      account: "doctor",
      messages: PROBE,
      maxTokens: 1,
    });
    checks.push({ subject, check: "one-token probe", status: "ok", detail: "answered" });
  } catch (error) {
    if (isModelError(error) && error.code === "model-empty-reply")
      checks.push({ subject, check: "one-token probe", status: "ok", detail: "answered (no visible text)" });
    else checks.push(failed(subject, "one-token probe", error));
  }
  return checks;
}
