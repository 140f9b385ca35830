/**
 * The base of every error the gateway raises on purpose.
 *
 * Contract: `code` is stable (kebab-case, used in logs, metrics and tests); `remedy` tells the
 * operator what to change, in one sentence. Subclasses per area (ConfigError, WikiError, ...)
 * narrow `code` to their layer's catalogue (`ErrorCatalogue`). Errors are built with `{ cause }` so the original failure is kept for logs.
 * `message` and `remedy` must never contain a secret (bot token, JWT).
 */
export class GatewayError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly remedy: string;

  constructor(code: Code, message: string, remedy: string, options?: { cause?: unknown }) {
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

/** One code of a catalogue: what it means, and what the operator does about it (one row of docs/errors.md). */
export interface CodeEntry {
  readonly meaning: string;
  /** The general remedy; an error may carry a more precise one (naming the account, the file, ...). */
  readonly remedy: string;
}

/**
 * A layer's codes: every code the layer throws, logs, returns or shows, with its meaning and remedy.
 * Written `{ ... } as const satisfies ErrorCatalogue` so that `keyof typeof` is the layer's code type.
 * `test/unit/error-catalogue.test.ts` keeps docs/errors.md equal to all of them, and fails on a code
 * written in src/ that no catalogue holds.
 */
export type ErrorCatalogue = Readonly<Record<string, CodeEntry>>;

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}

/** A readable message for any thrown value, without a stack trace. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message;
  return String(value);
}
