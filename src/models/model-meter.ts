import type { TokenUsage } from "./chat-request.js";

/** Who a call is made for, in metrics and the report. */
export interface CallOwner {
  agent: string;
  account: string;
}

/** What a call to a model is for. */
/** "read": a picture read into a search line (pipeline/see.ts). */
export type CallPurpose = "rewrite" | "answer" | "probe" | "read";

/** One settled call to a model: what it was for, for whom, how it ended and what it cost. */
export interface ModelCallRecord extends CallOwner {
  model: string;
  purpose: CallPurpose;
  /** "ok" or a ModelErrorCode (every code is a fall back to the answer without a model). */
  outcome: string;
  seconds: number;
  /** Tokens the call used (as the server counts them, else estimated); absent when none were used. */
  usage?: TokenUsage;
}

/** A reply the model gave but the agent could not use: the answer is then the floor. */
export interface DiscardedReply extends CallOwner {
  model: string;
  purpose: CallPurpose;
  /** A ModelErrorCode: `model-uncited-answer` or `model-unusable-reply`. */
  code: string;
}

/**
 * Where calls are counted: /metrics (http/model-metrics.ts) and the model usage log that `report`
 * reads (state/model-usage-log.ts). Implementations never throw.
 */
export interface ModelMeter {
  call(record: ModelCallRecord): void;
  discarded(record: DiscardedReply): void;
}

export const NO_METER: ModelMeter = { call: () => {}, discarded: () => {} };

/** One meter that tells each of `meters`. */
export function meters(...all: readonly ModelMeter[]): ModelMeter {
  return {
    call: (record) => all.forEach((m) => m.call(record)),
    discarded: (record) => all.forEach((m) => m.discarded(record)),
  };
}
