import { GatewayError } from "../../../../src/errors.js";

/** Misuse of the sandbox's own API (unknown bot, duplicate id, ...): a bug in the test or tool driving it. */
export class SandboxError extends GatewayError {
  constructor(code: string, message: string, remedy: string) {
    super(`sandbox-${code}`, message, remedy);
  }
}

/**
 * A Bot API error answer, thrown by method handlers and turned into
 * `{ ok: false, error_code, description, parameters? }` by the server. Protocol data, not a gateway error.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly description: string;
  readonly parameters: { retry_after?: number; migrate_to_chat_id?: number } | undefined;

  constructor(status: number, description: string, parameters?: ApiError["parameters"]) {
    super(description);
    this.status = status;
    this.description = description;
    this.parameters = parameters;
  }

  body(): Record<string, unknown> {
    return {
      ok: false,
      error_code: this.status,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

export const badRequest = (what: string) => new ApiError(400, `Bad Request: ${what}`);
export const forbidden = (what: string) => new ApiError(403, `Forbidden: ${what}`);
export const unauthorized = () => new ApiError(401, "Unauthorized");
export const notFound = () => new ApiError(404, "Not Found");
export const tooManyRequests = (retryAfter: number) =>
  new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });

export const CONFLICT_POLLER =
  "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running";
export const CONFLICT_WEBHOOK =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
