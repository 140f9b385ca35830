import type { ErrorCatalogue } from "../errors.js";

/** The agents' codes (docs/errors.md); a wiki failure while answering keeps its WikiError code. */
export const AGENT_CODES = {
  "wiki-error": {
    meaning: "answering failed with an error that is not a named gateway error (the log holds its message)",
    remedy: "see the error in the log; report it as a bug when it repeats",
  },
} as const satisfies ErrorCatalogue;

export type AgentCode = keyof typeof AGENT_CODES;
