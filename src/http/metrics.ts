import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import {
  COUNTERS,
  type CountersOf,
  GAUGES,
  type GaugesOf,
  HISTOGRAMS,
  type HistogramsOf,
  type MetricRow,
} from "./metric-table.js";
import { ACCOUNT_STATUSES, type AccountState } from "../accounts/account-state.js";
import type { OwnershipView } from "../cluster/ownership.js";

export interface Metrics {
  registry: Registry;
  updates: Counter<"account">;
  decisions: Counter<"account" | "outcome" | "reason">;
  answers: Counter<"account" | "agent" | "kind">;
  answerConfidence: Counter<"account" | "agent" | "outcome">;
  choiceTaps: Counter<"account" | "outcome">;
  votes: Counter<"account" | "agent" | "sign" | "change">;
  reactionsIgnored: Counter<"account" | "reason">;
  inlineQueries: Counter<"account" | "agent" | "outcome">;
  inlineChosen: Counter<"account" | "agent">;
  answerSeconds: Histogram<"account">;
  membershipChanges: Counter<"account" | "change">;
  wikiRequests: Counter<"operation">;
  wikiErrors: Counter<"code">;
  telegramErrors: Counter<"account" | "method" | "code">;
  indexPages: Gauge;
  /** Set to the current time each time the index caught up with the wiki. */
  indexRefreshed: Gauge;
  stateWriteErrors: Counter<"file">;
  pairingRequests: Counter<"account">;
  /** Streamed answers (stream-metrics.ts counts them from the accounts' stream events). */
  streams: Counter<"account" | "kind">;
  streamShows: Counter<"account" | "call">;
  streamFailures: Counter<"account" | "kind">;
  streamStops: Counter<"account" | "outcome">;
  placeholdersCleared: Counter<"account" | "outcome">;
  /** How long messages waited in the outgoing queue for Telegram's rates, by account. */
  outgoingWait: Histogram<"account">;
  /** Shows each account's outgoing queue in `wiki_gateway_outgoing_queue_depth{account}` at each scrape. */
  trackOutgoing(depths: () => ReadonlyArray<{ account: string; depth: number }>): void;
  /** Shows a cache's size in `wiki_gateway_cache_bytes{cache}` and `_entries{cache}` at each scrape. */
  trackCache(name: string, stats: () => { entries: number; bytes: number; maxBytes: number }): void;
  /** Refreshes the gauges that mirror account states (called before each scrape). */
  observeAccounts(states: readonly AccountState[]): void;
  /** Refreshes `wiki_gateway_wiki_up` from the wiki's last check (called before each scrape). */
  observeWiki(ok: boolean): void;
  /** Cluster mode: refreshes the lease gauges (called before each scrape). */
  observeCluster(view: OwnershipView): void;
}

/**
 * The gateway's Prometheus metrics, one registry per daemon (no global state: tests run several).
 * Names are stable; docs/operations.md lists them (the cluster's: docs/cluster.md). The metrics
 * are the rows of `metric-table.ts`; the gauges read at each scrape (the outgoing queues, the
 * caches) are made here.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "wiki_gateway_process_" });
  const counters = made(
    COUNTERS,
    (row) => new Counter({ ...config(row), registers: [registry] }),
  ) as CountersOf<typeof COUNTERS>;
  const histograms = made(
    HISTOGRAMS,
    (row) => new Histogram({ ...config(row), buckets: [...row.buckets], registers: [registry] }),
  ) as HistogramsOf<typeof HISTOGRAMS>;
  const gauges = made(GAUGES, (row) => new Gauge({ ...config(row), registers: [registry] })) as GaugesOf<
    typeof GAUGES
  >;
  const { accountState, accountProblem, journalDepth, leaseHeld, leaseAge, liveReplicas, wikiUp } = gauges;
  return {
    registry,
    ...counters,
    ...histograms,
    indexPages: gauges.indexPages,
    indexRefreshed: gauges.indexRefreshed,
    ...scrapedGauges(registry),
    observeAccounts(states: readonly AccountState[]): void {
      accountState.reset();
      accountProblem.reset();
      for (const s of states) {
        if (s.problem) accountProblem.set({ account: s.account, code: s.problem.code }, 1);
        for (const status of ACCOUNT_STATUSES) {
          accountState.set({ account: s.account, state: status }, s.status === status ? 1 : 0);
        }
        journalDepth.set({ account: s.account }, s.journalDepth);
      }
    },
    observeWiki(ok: boolean): void {
      wikiUp.set(ok ? 1 : 0);
    },
    observeCluster(view: OwnershipView): void {
      leaseHeld.reset();
      leaseAge.reset();
      liveReplicas.set(view.replicas.length);
      for (const lease of view.leases) {
        leaseHeld.set({ account: lease.account }, view.held.includes(lease.account) ? 1 : 0);
        if (lease.owner !== undefined && lease.ageMs !== undefined)
          leaseAge.set({ account: lease.account, owner: lease.owner }, lease.ageMs / 1000);
      }
    },
  };
}

/** One metric object per row of a table, under the row's key. */
function made<T extends Record<string, MetricRow>, M>(
  table: T,
  make: (row: T[keyof T]) => M,
): Record<string, M> {
  return Object.fromEntries(Object.entries(table).map(([key, row]) => [key, make(row as T[keyof T])]));
}

function config(row: MetricRow): { name: string; help: string; labelNames: string[] } {
  return { name: row.name, help: row.help, labelNames: [...(row.labelNames ?? [])] };
}

type CacheStats = { entries: number; bytes: number; maxBytes: number };

/** The gauges read at each scrape: the outgoing queues' depths and the caches' sizes. */
function scrapedGauges(registry: Registry): Pick<Metrics, "trackOutgoing" | "trackCache"> {
  let outgoingDepths: () => ReadonlyArray<{ account: string; depth: number }> = () => [];
  new Gauge({
    name: "wiki_gateway_outgoing_queue_depth",
    help: "Messages waiting in (or being sent by) the outgoing queue, by account",
    labelNames: ["account"],
    registers: [registry],
    collect() {
      this.reset();
      for (const { account, depth } of outgoingDepths()) this.set({ account }, depth);
    },
  });
  const caches = new Map<string, () => CacheStats>();
  const cacheGauge = (name: string, help: string, value: (s: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["cache"],
      registers: [registry],
      collect() {
        for (const [cache, stats] of caches) this.set({ cache }, value(stats()));
      },
    });
  cacheGauge("wiki_gateway_cache_bytes", "Estimated bytes held by each in-memory cache", (s) => s.bytes);
  cacheGauge(
    "wiki_gateway_cache_max_bytes",
    "The configured bound of each in-memory cache, in bytes",
    (s) => s.maxBytes,
  );
  cacheGauge("wiki_gateway_cache_entries", "Entries in each in-memory cache", (s) => s.entries);
  return {
    trackOutgoing(depths) {
      outgoingDepths = depths;
    },
    trackCache(name, stats) {
      caches.set(name, stats);
    },
  };
}
