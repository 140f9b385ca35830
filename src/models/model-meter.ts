/** Who a call is made for, in metrics and the report. */
export interface CallOwner {
  agent: string;
  account: string;
}

/** What a call to a model is for. */
export type CallPurpose = "rewrite" | "answer" | "probe";

/**
 * Where the client counts its calls (implemented over prom-client in http/model-metrics.ts).
 * `outcome` is "ok" or a ModelErrorCode.
 */
export interface ModelMeter {
  tokens(labels: CallOwner & { model: string; kind: "prompt" | "completion" }, count: number): void;
  call(labels: { model: string; purpose: CallPurpose; outcome: string }, seconds: number): void;
}

export const NO_METER: ModelMeter = { tokens: () => {}, call: () => {} };
