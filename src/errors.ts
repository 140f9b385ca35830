/**
 * The base of every error the gateway raises on purpose.
 *
 * Contract: `code` is stable (kebab-case, used in logs, metrics and tests); `remedy` tells the
 * operator what to change, in one sentence. Subclasses per area (ConfigError, WikiError, ...)
 * narrow `code`. Errors are built with `{ cause }` so the original failure is kept for logs.
 * `message` and `remedy` must never contain a secret (bot token, JWT).
 */
export class GatewayError extends Error {
  readonly code: string;
  readonly remedy: string;

  constructor(code: string, message: string, remedy: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.remedy = remedy;
  }

  /** One line for people: what happened, then what to do. */
  describe(): string {
    return `${this.message}\n  fix: ${this.remedy}`;
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}

/** A readable message for any thrown value, without a stack trace. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message;
  return String(value);
}
