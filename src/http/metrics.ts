import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
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
  pairingRequests: Counter<"account">;
  /** How long messages waited in the outgoing queue for Telegram's rates, by account. */
  outgoingWait: Histogram<"account">;
  /** Shows each account's outgoing queue in `wiki_gateway_outgoing_queue_depth{account}` at each scrape. */
  trackOutgoing(depths: () => ReadonlyArray<{ account: string; depth: number }>): void;
  /** Shows a cache's size in `wiki_gateway_cache_bytes{cache}` and `_entries{cache}` at each scrape. */
  trackCache(name: string, stats: () => { entries: number; bytes: number; maxBytes: number }): void;
  /** Refreshes the gauges that mirror account states (called before each scrape). */
  observeAccounts(states: readonly AccountState[]): void;
  /** Cluster mode: refreshes the lease gauges (called before each scrape). */
  observeCluster(view: OwnershipView): void;
}

/**
 * The gateway's Prometheus metrics, one registry per daemon (no global state: tests run several).
 * Names are stable; docs/operations.md lists them (the cluster's: docs/cluster.md).
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "wiki_gateway_process_" });
  const updates = new Counter({
    name: "wiki_gateway_updates_received_total",
    help: "Messages received from Telegram, by account",
    labelNames: ["account"],
    registers: [registry],
  });
  const decisions = new Counter({
    name: "wiki_gateway_policy_decisions_total",
    help: "Policy decisions, by account, outcome and deny reason",
    labelNames: ["account", "outcome", "reason"],
    registers: [registry],
  });
  const answers = new Counter({
    name: "wiki_gateway_answers_total",
    help: "Messages let in, by account, agent and what came of them (answer, choices, not-found, command, refused, error, whoami, media-hint, media-hint-suppressed, mention-hint, empty)",
    labelNames: ["account", "agent", "kind"],
    registers: [registry],
  });
  const answerConfidence = new Counter({
    name: "wiki_gateway_answer_confidence_total",
    help: "Questions by outcome: answered (confident), choices (weak: closest pages offered), nothing (nothing matched)",
    labelNames: ["account", "agent", "outcome"],
    registers: [registry],
  });
  const choiceTaps = new Counter({
    name: "wiki_gateway_choice_taps_total",
    help: "Taps on offered choices, by account and outcome (answered, callback-expired, callback-forged)",
    labelNames: ["account", "outcome"],
    registers: [registry],
  });
  const votes = new Counter({
    name: "wiki_gateway_votes_total",
    help: "Votes on answers from users' reactions, by account, agent, sign (positive, negative) and change (cast, withdrawn)",
    labelNames: ["account", "agent", "sign", "change"],
    registers: [registry],
  });
  const reactionsIgnored = new Counter({
    name: "wiki_gateway_reactions_ignored_total",
    help: "Reactions not counted as votes, by account and reason (not-an-answer, not-a-vote, or a policy reason code)",
    labelNames: ["account", "reason"],
    registers: [registry],
  });
  const inlineQueries = new Counter({
    name: "wiki_gateway_inline_queries_total",
    help: "Inline queries answered, by account, agent and outcome (results, empty, denied)",
    labelNames: ["account", "agent", "outcome"],
    registers: [registry],
  });
  const inlineChosen = new Counter({
    name: "wiki_gateway_inline_chosen_total",
    help: "Inline results users picked, by account and agent",
    labelNames: ["account", "agent"],
    registers: [registry],
  });
  const membershipChanges = new Counter({
    name: "wiki_gateway_membership_changes_total",
    help: "The bot added to or removed from a group, or blocked or unblocked by a user, by account and change",
    labelNames: ["account", "change"],
    registers: [registry],
  });
  const answerSeconds = new Histogram({
    name: "wiki_gateway_answer_duration_seconds",
    help: "Time from receiving a message to its reply being accepted by Telegram",
    labelNames: ["account"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const wikiRequests = new Counter({
    name: "wiki_gateway_wiki_requests_total",
    help: "GraphQL requests to the wiki, by operation",
    labelNames: ["operation"],
    registers: [registry],
  });
  const wikiErrors = new Counter({
    name: "wiki_gateway_wiki_errors_total",
    help: "Wiki failures, by WikiError code",
    labelNames: ["code"],
    registers: [registry],
  });
  const telegramErrors = new Counter({
    name: "wiki_gateway_telegram_errors_total",
    help: "Failed Telegram API calls, by account, method and error code (0 = network)",
    labelNames: ["account", "method", "code"],
    registers: [registry],
  });
  const accountState = new Gauge({
    name: "wiki_gateway_account_state",
    help: "1 for the current state of each account",
    labelNames: ["account", "state"],
    registers: [registry],
  });
  const journalDepth = new Gauge({
    name: "wiki_gateway_journal_depth",
    help: "Updates journaled and not yet answered, by account",
    labelNames: ["account"],
    registers: [registry],
  });
  const indexPages = new Gauge({
    name: "wiki_gateway_index_pages",
    help: "Pages in the local search index",
    registers: [registry],
  });
  const pairingRequests = new Counter({
    name: "wiki_gateway_pairing_requests_total",
    help: "Pairing requests created, by account",
    labelNames: ["account"],
    registers: [registry],
  });

  const outgoingWait = new Histogram({
    name: "wiki_gateway_outgoing_wait_seconds",
    help: "Time a message waited in the outgoing queue to keep Telegram's rates, by account (0 when under them)",
    labelNames: ["account"],
    buckets: [0.001, 0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
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

  const caches = new Map<string, () => { entries: number; bytes: number; maxBytes: number }>();
  const eachCache = (
    read: (name: string, stats: { entries: number; bytes: number; maxBytes: number }) => void,
  ) => {
    for (const [name, stats] of caches) read(name, stats());
  };
  new Gauge({
    name: "wiki_gateway_cache_bytes",
    help: "Estimated bytes held by each in-memory cache",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      eachCache((cache, s) => this.set({ cache }, s.bytes));
    },
  });
  new Gauge({
    name: "wiki_gateway_cache_max_bytes",
    help: "The configured bound of each in-memory cache, in bytes",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      eachCache((cache, s) => this.set({ cache }, s.maxBytes));
    },
  });
  new Gauge({
    name: "wiki_gateway_cache_entries",
    help: "Entries in each in-memory cache",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      eachCache((cache, s) => this.set({ cache }, s.entries));
    },
  });

  const leaseHeld = new Gauge({
    name: "wiki_gateway_cluster_lease_held",
    help: "Cluster mode: 1 when this replica holds the account's lease, else 0",
    labelNames: ["account"],
    registers: [registry],
  });
  const leaseAge = new Gauge({
    name: "wiki_gateway_cluster_lease_age_seconds",
    help: "Cluster mode: age of each account's current lease, by the replica that holds it",
    labelNames: ["account", "owner"],
    registers: [registry],
  });
  const liveReplicas = new Gauge({
    name: "wiki_gateway_cluster_replicas",
    help: "Cluster mode: live replicas (heartbeat younger than the lease TTL)",
    registers: [registry],
  });

  return {
    registry,
    updates,
    decisions,
    answers,
    answerConfidence,
    choiceTaps,
    votes,
    reactionsIgnored,
    inlineQueries,
    inlineChosen,
    answerSeconds,
    membershipChanges,
    wikiRequests,
    wikiErrors,
    telegramErrors,
    indexPages,
    pairingRequests,
    outgoingWait,
    trackOutgoing(depths) {
      outgoingDepths = depths;
    },
    trackCache(name, stats) {
      caches.set(name, stats);
    },
    observeAccounts(states: readonly AccountState[]): void {
      accountState.reset();
      for (const s of states) {
        for (const status of ACCOUNT_STATUSES) {
          accountState.set({ account: s.account, state: status }, s.status === status ? 1 : 0);
        }
        journalDepth.set({ account: s.account }, s.journalDepth);
      }
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
