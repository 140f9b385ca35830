import type { ErrorCatalogue } from "../errors.js";

/** The operations endpoint's codes (docs/errors.md). */
export const HTTP_CODES = {
  "http-listen-failed": {
    meaning: "the operations endpoint cannot listen on its host and port",
    remedy: "choose a free port with GATEWAY_HTTP_PORT / --http-port, or stop what uses it",
  },
} as const satisfies ErrorCatalogue;

export type HttpCode = keyof typeof HTTP_CODES;
