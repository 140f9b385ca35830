/** One model endpoint as the client uses it: `models.<name>` of gateway.json with its key read. */
export interface ModelSettings {
  /** The key in `models`, used in logs and metrics. */
  name: string;
  /** OpenAI-compatible root ending in /v1. */
  baseUrl: string;
  /** The model id the server knows; "": the first GET {baseUrl}/models lists. */
  model: string;
  /** Read from apiKeyFile; never logged. */
  apiKey: string | undefined;
  /** Longest wait for a whole call, queue included. */
  timeoutMs: number;
  maxOutputTokens: number;
  /** Calls to this model at once. */
  concurrency: number;
  /** Calls waiting beyond `concurrency`; more are refused at once. */
  queueLimit: number;
  /** Tokens a day (UTC), prompt and completion together; undefined: no limit. */
  dailyTokenBudget: number | undefined;
  /** Longest wait a 429's Retry-After may impose (a longer one is cut to it). */
  maxRetryAfterMs: number;
}

/** Defaults of the optional keys of `models.<name>` (as the schema states them). */
export const MODEL_DEFAULTS = {
  timeoutMs: 15_000,
  maxOutputTokens: 400,
  concurrency: 4,
  queueLimit: 32,
  maxRetryAfterMs: 600_000,
} as const;

/** Calls that may wait per call slot (`concurrency`). */
export const QUEUE_PER_SLOT = 8;

/** Failures in a row that mark a model down, and for how long. */
export const CIRCUIT = { threshold: 5, cooldownMs: 30_000 } as const;
