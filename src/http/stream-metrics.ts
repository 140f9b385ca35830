import type { StreamEvent } from "../accounts/stream-events.js";
import type { Metrics } from "./metrics.js";

type StreamCounters = Pick<
  Metrics,
  "streams" | "streamShows" | "streamFailures" | "streamStops" | "placeholdersCleared"
>;

/** Counts one account's stream event (accounts/stream-events.ts) in its `wiki_gateway_stream*` counter. */
export function countStreamEvent(metrics: StreamCounters, account: string, e: StreamEvent): void {
  switch (e.event) {
    case "opened":
      return metrics.streams.inc({ account, kind: e.kind });
    case "shown":
      return metrics.streamShows.inc({ account, call: e.call });
    case "failed":
      return metrics.streamFailures.inc({ account, kind: e.kind });
    case "stop":
      return metrics.streamStops.inc({ account, outcome: e.outcome });
    case "cleared":
      return metrics.placeholdersCleared.inc({ account, outcome: e.outcome });
  }
}
