import { GatewayError } from "../errors.js";

export type PairingErrorCode =
  | "pairing-unknown-code"
  | "pairing-code-expired"
  | "pairing-ambiguous-code"
  | "pairing-not-approved"
  | "pairing-file-corrupt"
  | "pairing-file-version"
  | "pairing-lock-timeout"
  | "pairing-store-unavailable"
  | "pairing-unknown-account"
  | "pairing-invalid-request";

/** Errors of the pairing store and the `pairing` command; each says what to do. */
export class PairingError extends GatewayError {
  declare readonly code: PairingErrorCode;

  constructor(code: PairingErrorCode, message: string, remedy: string, options?: { cause?: unknown }) {
    super(code, message, remedy, options);
  }
}
