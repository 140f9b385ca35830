import { GatewayError } from "../errors.js";

/**
 * Every model failure, named, with what the operator should change. Each one makes the agent
 * answer as without a model (the floor); the code is logged once and counted in /metrics.
 * Contract: message and remedy never contain the API key, a prompt or a reply.
 */
export type ModelErrorCode =
  | "model-key-file"
  | "model-unreachable"
  | "model-tls"
  | "model-timeout"
  | "model-unauthorized"
  | "model-not-found"
  | "model-rate-limited"
  | "model-server-error"
  | "model-refused"
  | "model-malformed-reply"
  | "model-empty-reply"
  | "model-stream-cut"
  | "model-budget-spent"
  | "model-circuit-open"
  | "model-queue-full"
  | "model-cancelled";

export const MODEL_REMEDIES: Record<ModelErrorCode, string> = {
  "model-key-file":
    "write the model server's API key to the file apiKeyFile names (relative to gateway.json), or drop apiKeyFile for a server without keys",
  "model-unreachable":
    "check that the model server runs and that baseUrl (ending in /v1) is reachable from the gateway",
  "model-tls":
    "the server's TLS certificate is not trusted: use its https name as in the certificate, or give Node the CA with NODE_EXTRA_CA_CERTS",
  "model-timeout":
    "the model answered too slowly: raise timeoutMs, choose a smaller model, or check the server's load (Ollama loads a model on its first request)",
  "model-unauthorized": "the server refused the API key (401/403): write a valid key to apiKeyFile",
  "model-not-found":
    "the server knows no such model or path (404): set model to an id GET {baseUrl}/models lists, and baseUrl to the root ending in /v1",
  "model-rate-limited":
    "the server is rate-limiting (429): calls wait for its Retry-After; lower concurrency or raise the server's limits",
  "model-server-error": "the model server failed (5xx): look at its own log",
  "model-refused":
    "the server refused the request (4xx): check that it is OpenAI-compatible (POST {baseUrl}/chat/completions)",
  "model-malformed-reply":
    "the server's reply is not an OpenAI chat completion: check baseUrl points at an OpenAI-compatible API",
  "model-empty-reply":
    "the model gave no text: try another model, or raise maxOutputTokens if a reasoning model spends it all thinking",
  "model-stream-cut":
    "the reply stream ended before [DONE]: check the network and any proxy between the gateway and the server (buffering, idle timeouts)",
  "model-budget-spent":
    "the model's daily token budget is spent: raise dailyTokenBudget, or wait for the next day (UTC)",
  "model-circuit-open":
    "the model failed several times in a row, so it is left alone for a while: see the earlier model errors in the log",
  "model-queue-full":
    "more questions wait for the model than its queue holds: raise concurrency, or use a faster model",
  "model-cancelled":
    "the call was cancelled (the user stopped it, or the gateway is stopping): nothing to change",
};

export class ModelError extends GatewayError {
  declare readonly code: ModelErrorCode;
  readonly status?: number;
  /** From a 429's Retry-After, in ms. */
  readonly retryAfterMs?: number;

  constructor(
    code: ModelErrorCode,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(
      code,
      message,
      MODEL_REMEDIES[code],
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

export function isModelError(value: unknown): value is ModelError {
  return value instanceof ModelError;
}

/** Whether a failure says the server is unwell (counts for the circuit breaker), not the call. */
export function countsAgainstServer(code: ModelErrorCode): boolean {
  return [
    "model-unreachable",
    "model-tls",
    "model-timeout",
    "model-server-error",
    "model-malformed-reply",
    "model-stream-cut",
  ].includes(code);
}

/** The error for an HTTP status the server answered instead of a completion. */
export function statusError(status: number, serverMessage: string, retryAfterMs?: number): ModelError {
  const code: ModelErrorCode =
    status === 401 || status === 403
      ? "model-unauthorized"
      : status === 404
        ? "model-not-found"
        : status === 429
          ? "model-rate-limited"
          : status >= 500
            ? "model-server-error"
            : "model-refused";
  const said = serverMessage ? `: ${serverMessage.slice(0, 200)}` : "";
  return new ModelError(code, `the model server answered ${status}${said}`, {
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}
