import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../log/logger.js";

/** The state directory's files whose failed writes are counted, as the metric's `file` label says them. */
export type StateFileLabel = "gaps" | "choices" | "replies" | "feedback" | "answers" | "models" | "index";

/**
 * What a state file's writer calls when a write fails: the failure is counted in
 * `wiki_gateway_state_write_errors_total{file}` (which the state-directory alert watches) and
 * logged as a warning saying what it costs.
 */
export function stateWriteFailed(
  metrics: Pick<Metrics, "stateWriteErrors">,
  logger: Logger,
  file: StateFileLabel,
  consequence: string,
): (err: unknown) => void {
  return (err) => {
    metrics.stateWriteErrors.inc({ file });
    logger.warn({ err }, consequence);
  };
}
