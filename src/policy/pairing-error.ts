import { type ErrorCatalogue, GatewayError } from "../errors.js";

/** The pairing store's and the `pairing` command's codes (docs/errors.md). */
export const PAIRING_CODES = {
  "pairing-unknown-code": {
    meaning: "no pending pairing request has the code given",
    remedy:
      "run `wiki-gateway pairing list` to see the pending codes; the user gets a new code by writing to the bot again",
  },
  "pairing-code-expired": {
    meaning: "the pairing code expired before it was approved",
    remedy: "ask the user to write to the bot again: they get a new code, valid for 1 hour",
  },
  "pairing-ambiguous-code": {
    meaning: "the code is pending for several accounts",
    remedy: "add --account NAME (one of the accounts named)",
  },
  "pairing-not-approved": {
    meaning: "the user to revoke is not approved for the account",
    remedy: "run `wiki-gateway pairing allowed` to see approved users",
  },
  "pairing-file-corrupt": {
    meaning:
      "pairing.json is not a valid pairing file: it was kept aside and pairing starts from an empty state",
    remedy: "repair the kept copy and move it back while no gateway writes it, or approve the users again",
  },
  "pairing-file-version": {
    meaning: "pairing.json was written by a newer gateway than this one",
    remedy: "run the same or a newer wiki-gateway version as the one that wrote the file",
  },
  "pairing-lock-timeout": {
    meaning:
      "the pairing lock (a file, or a Redis key in cluster mode) could not be taken, or was held too long",
    remedy:
      "another wiki-gateway process holds the pairing lock; retry, or delete the lock file if no gateway or pairing command is running",
  },
  "pairing-store-unavailable": {
    meaning: "the pairing state in Redis cannot be read or written",
    remedy: "check that Redis is up and reachable (GATEWAY_REDIS_URL), then retry",
  },
  "pairing-unknown-account": {
    meaning: "gateway.json has no account of the name given",
    remedy: "use one of the accounts of gateway.json",
  },
  "pairing-invalid-request": {
    meaning: "a pairing request was asked for a message that is not a DM with a sender (a bug of the caller)",
    remedy: "call request() only for a DM denied with `pairing: true` by evaluate()",
  },
  "pairing-message-invalid": {
    meaning: "a message kept with a pairing request is not a valid message of its user: it is skipped",
    remedy:
      "nothing is answered from it; the approval itself still works. Ask the user to send the message again, or correct it in pairing.json while no gateway writes it",
  },
} as const satisfies ErrorCatalogue;

export type PairingErrorCode = keyof typeof PAIRING_CODES;

/** Errors of the pairing store and the `pairing` command; each says what to do. */
export class PairingError extends GatewayError<PairingErrorCode> {}
