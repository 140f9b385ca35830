import {
  constants,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
} from "node:perf_hooks";
import { Gauge, Histogram, type Registry } from "prom-client";

/** One stretch during which the event loop could not run anything else. */
export interface LoopBlock {
  /** ISO-8601 time the block began. */
  at: string;
  ms: number;
}

/** What /status says about the event loop. */
export interface LoopHealthView {
  /** Blocks longer than the threshold since the start. */
  blocks: number;
  thresholdMs: number;
  /** The latest blocks, newest last (at most `keep`). */
  recent: LoopBlock[];
  longest?: LoopBlock;
}

export interface LoopHealth {
  view(): LoopHealthView;
  stop(): void;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};

/**
 * Event-loop health, for /metrics and /status:
 *  - `wiki_gateway_event_loop_delay_seconds{stat}` (p50, p99, max): the delay of the loop measured
 *    by `perf_hooks.monitorEventLoopDelay` since the previous scrape (reset at each scrape);
 *  - `wiki_gateway_event_loop_blocked_seconds`: a histogram of each block over the threshold;
 *  - `wiki_gateway_gc_pause_seconds{kind}`: a histogram of every garbage-collection pause.
 * A block is found by a timer that ticks every `tickMs`: a tick late by more than `thresholdMs`
 * means nothing ran for that long, and is recorded with when it began and how long it lasted.
 * Contract: the timer and the observer are unref'ed and released by stop().
 */
export function createLoopHealth(options: {
  registry: Registry;
  thresholdMs?: number;
  tickMs?: number;
  keep?: number;
  /** Called once per block found (e.g. to log it). */
  onBlock?: (block: LoopBlock) => void;
}): LoopHealth {
  const thresholdMs = options.thresholdMs ?? 100;
  const tickMs = options.tickMs ?? 50;
  const keep = options.keep ?? 10;
  const registers = [options.registry];

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: "wiki_gateway_event_loop_delay_seconds",
    help: "Event-loop delay since the previous scrape (perf_hooks.monitorEventLoopDelay), by statistic",
    labelNames: ["stat"],
    registers,
    collect() {
      // The histogram is in nanoseconds; an empty one reports NaN percentiles and a huge min.
      const seconds = (ns: number) => (Number.isFinite(ns) && delay.count > 0 ? ns / 1e9 : 0);
      this.set({ stat: "p50" }, seconds(delay.percentile(50)));
      this.set({ stat: "p99" }, seconds(delay.percentile(99)));
      this.set({ stat: "max" }, seconds(delay.max));
      delay.reset();
    },
  });
  const blocked = new Histogram({
    name: "wiki_gateway_event_loop_blocked_seconds",
    help: `Stretches over ${thresholdMs} ms during which the event loop ran nothing else`,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const gc = new Histogram({
    name: "wiki_gateway_gc_pause_seconds",
    help: "Garbage-collection pauses, by kind (minor, major, incremental, weakcb)",
    labelNames: ["kind"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers,
  });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.observe({ kind: gcKind(entry) }, entry.duration / 1000);
    }
  });
  observer.observe({ entryTypes: ["gc"] });

  let count = 0;
  const recent: LoopBlock[] = [];
  let longest: LoopBlock | undefined;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - tickMs;
    last = now;
    if (late <= thresholdMs) return;
    const block: LoopBlock = {
      at: new Date(Date.now() - late).toISOString(),
      ms: Math.round(late),
    };
    count += 1;
    recent.push(block);
    if (recent.length > keep) recent.shift();
    if (!longest || block.ms > longest.ms) longest = block;
    blocked.observe(late / 1000);
    options.onBlock?.(block);
  }, tickMs);
  timer.unref();

  return {
    view: () => ({
      blocks: count,
      thresholdMs,
      recent: [...recent],
      ...(longest ? { longest } : {}),
    }),
    stop() {
      clearInterval(timer);
      observer.disconnect();
      delay.disable();
    },
  };
}

/** The kind of a 'gc' entry (its `detail.kind`, one of perf_hooks' NODE_PERFORMANCE_GC_* constants). */
function gcKind(entry: PerformanceEntry): string {
  const detail: unknown = Reflect.get(entry, "detail");
  const kind = typeof detail === "object" && detail !== null && "kind" in detail ? detail.kind : undefined;
  return typeof kind === "number" ? (GC_KINDS[kind] ?? "other") : "other";
}
