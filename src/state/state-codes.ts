import type { ErrorCatalogue } from "../errors.js";

/** The state directory's codes (docs/errors.md). */
export const STATE_CODES = {
  "state-dir-unwritable": {
    meaning: "the state directory cannot be written (permissions, a read-only mount, a full disk)",
    remedy:
      "mount the state directory read-write and owned by the gateway's user, or set GATEWAY_STATE_DIR / --state-dir; free disk space when it is full",
  },
  "answer-map-corrupt": {
    meaning: "the answer map (which answer a reaction votes on) could not be read; it starts empty",
    remedy: "nothing to change: reactions to answers sent from now on are counted",
  },
  "answer-map-write": {
    meaning: "the answer map cannot be written: reactions after a restart may not be counted",
    remedy: "free disk space or make the state directory writable",
  },
} as const satisfies ErrorCatalogue;

export type StateCode = keyof typeof STATE_CODES;
