import type { ErrorCatalogue } from "../errors.js";

/** The message pipeline's codes (docs/errors.md). */
export const PIPELINE_CODES = {
  "no-binding": {
    meaning: "a message or inline query came to an account no binding gives an agent: it is not answered",
    remedy: "add a binding for the account to gateway.json",
  },
  "unknown-agent": {
    meaning: "the group's or topic's entry names an agent that is not defined: the message is not answered",
    remedy: "define the agent in agents",
  },
} as const satisfies ErrorCatalogue;

export type PipelineCode = keyof typeof PIPELINE_CODES;
