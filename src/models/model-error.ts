import { type ErrorCatalogue, GatewayError } from "../errors.js";

/**
 * Every model failure, named, with what it means and what the operator should change (the
 * models catalogue, docs/errors.md). Each one makes the agent answer as without a model (the
 * floor); the code is logged once and counted in /metrics. Contract: message and remedy never
 * contain the API key, a prompt or a reply.
 */
export const MODEL_CODES = {
  "model-key-file": {
    meaning: "the file `apiKeyFile` names cannot be read, or is empty",
    remedy:
      "write the model server's API key to the file apiKeyFile names (relative to gateway.json), or drop apiKeyFile for a server without keys",
  },
  "model-unreachable": {
    meaning: "no connection to the model server (DNS, refused, reset)",
    remedy: "check that the model server runs and that baseUrl (ending in /v1) is reachable from the gateway",
  },
  "model-tls": {
    meaning: "TLS with the model server failed (certificate not trusted or not matching)",
    remedy:
      "the server's TLS certificate is not trusted: use its https name as in the certificate, or give Node the CA with NODE_EXTRA_CA_CERTS",
  },
  "model-timeout": {
    meaning: "no whole answer within the model's `timeoutMs`, queue included",
    remedy:
      "the model answered too slowly: raise timeoutMs, choose a smaller model, or check the server's load (Ollama loads a model on its first request)",
  },
  "model-unauthorized": {
    meaning: "HTTP 401 or 403 from the model server: the key is wrong or missing",
    remedy: "the server refused the API key (401/403): write a valid key to apiKeyFile",
  },
  "model-not-found": {
    meaning: "HTTP 404 from the model server: an unknown model or path",
    remedy:
      "the server knows no such model or path (404): set model to an id GET {baseUrl}/models lists, and baseUrl to the root ending in /v1",
  },
  "model-rate-limited": {
    meaning: "HTTP 429 from the model server, or its Retry-After still running",
    remedy:
      "the server is rate-limiting (429): calls wait for its Retry-After; lower concurrency or raise the server's limits",
  },
  "model-server-error": {
    meaning: "HTTP 5xx from the model server",
    remedy: "the model server failed (5xx): look at its own log",
  },
  "model-refused": {
    meaning: "another HTTP 4xx from the model server",
    remedy:
      "the server refused the request (4xx): check that it is OpenAI-compatible (POST {baseUrl}/chat/completions)",
  },
  "model-malformed-reply": {
    meaning: "the reply (or a chunk of its stream) is not an OpenAI chat completion",
    remedy:
      "the server's reply is not an OpenAI chat completion: check baseUrl points at an OpenAI-compatible API",
  },
  "model-reply-too-long": {
    meaning:
      "the reply was longer than `maxOutputTokens` allows (the server ignored `max_tokens`): its reading was given up",
    remedy:
      "the model server wrote far more than max_tokens allows: check that it (or a proxy before it) honours max_tokens, or raise maxOutputTokens if its replies really are that long",
  },
  "model-empty-reply": {
    meaning: "the model gave no text (thinking stripped)",
    remedy:
      "the model gave no text: try another model, or raise maxOutputTokens if a reasoning model spends it all thinking",
  },
  "model-stream-cut": {
    meaning: "the reply stream ended before `[DONE]`",
    remedy:
      "the reply stream ended before [DONE]: check the network and any proxy between the gateway and the server (buffering, idle timeouts)",
  },
  "model-budget-spent": {
    meaning: "the model's `dailyTokenBudget` is spent for today (UTC)",
    remedy: "the model's daily token budget is spent: raise dailyTokenBudget, or wait for the next day (UTC)",
  },
  "model-circuit-open": {
    meaning: "the model is marked down after five server failures in a row, for 30 s",
    remedy:
      "the model failed several times in a row, so it is left alone for a while: see the earlier model errors in the log",
  },
  "model-queue-full": {
    meaning: "more calls wait for the model than its queue holds (8 per `concurrency` slot)",
    remedy:
      "more questions wait for the model than its queue holds: raise concurrency, or use a faster model",
  },
  "model-cancelled": {
    meaning: "the call was cancelled (the user stopped it, or the gateway is stopping)",
    remedy: "the call was cancelled (the user stopped it, or the gateway is stopping): nothing to change",
  },
  "model-uncited-answer": {
    meaning: "the model's answer cites no passage it was given, or says NO ANSWER",
    remedy:
      "nothing to change when rare: the answer without a model is given; if frequent, use a model that follows instructions better",
  },
  "model-unusable-reply": {
    meaning: "the model's rewrite holds no search words (only quotes, list marks or blank lines)",
    remedy:
      "nothing to change when rare: the question is searched as it is; if frequent, use a model that follows instructions better",
  },
} as const satisfies ErrorCatalogue;

export type ModelErrorCode = keyof typeof MODEL_CODES;

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
      MODEL_CODES[code].remedy,
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
    "model-reply-too-long",
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
