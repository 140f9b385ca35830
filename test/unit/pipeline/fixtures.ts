import type { PipelineMetrics } from "../../../src/pipeline/handle-message.js";

const counter = { inc: () => {}, observe: () => {} };

/** Pipeline metrics that record nothing, for tests that look at replies only. */
export const NO_METRICS: PipelineMetrics = {
  updates: counter,
  decisions: counter,
  answers: counter,
  answerConfidence: counter,
  answerSeconds: counter,
};
