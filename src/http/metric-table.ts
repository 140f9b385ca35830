import type { Counter, Gauge, Histogram } from "prom-client";

/** One metric of the table: its stable name (the README lists them), help text and labels. */
export interface MetricRow {
  name: string;
  help: string;
  labelNames?: readonly string[];
  buckets?: readonly number[];
}

/** The counters, by the field of `Metrics` that holds each. */
export const COUNTERS = {
  updates: {
    name: "wiki_gateway_updates_received_total",
    help: "Messages received from Telegram, by account",
    labelNames: ["account"],
  },
  decisions: {
    name: "wiki_gateway_policy_decisions_total",
    help: "Policy decisions, by account, outcome and deny reason",
    labelNames: ["account", "outcome", "reason"],
  },
  answers: {
    name: "wiki_gateway_answers_total",
    help: "Messages let in, by account, agent and what came of them (answer, choices, not-found, command, refused, error, whoami, media-hint, media-hint-suppressed, unheard, mention-hint, empty)",
    labelNames: ["account", "agent", "kind"],
  },
  answerConfidence: {
    name: "wiki_gateway_answer_confidence_total",
    help: "Questions by outcome: answered (confident), choices (weak: closest pages offered), nothing (nothing matched)",
    labelNames: ["account", "agent", "outcome"],
  },
  choiceTaps: {
    name: "wiki_gateway_choice_taps_total",
    help: "Taps on offered choices, by account and outcome (answered, callback-expired, callback-forged)",
    labelNames: ["account", "outcome"],
  },
  votes: {
    name: "wiki_gateway_votes_total",
    help: "Votes on answers from users' reactions, by account, agent, sign (positive, negative) and change (cast, withdrawn)",
    labelNames: ["account", "agent", "sign", "change"],
  },
  reactionsIgnored: {
    name: "wiki_gateway_reactions_ignored_total",
    help: "Reactions not counted as votes, by account and reason (not-an-answer, not-a-vote, or a policy reason code)",
    labelNames: ["account", "reason"],
  },
  inlineQueries: {
    name: "wiki_gateway_inline_queries_total",
    help: "Inline queries answered, by account, agent and outcome (results, empty, denied)",
    labelNames: ["account", "agent", "outcome"],
  },
  inlineChosen: {
    name: "wiki_gateway_inline_chosen_total",
    help: "Inline results users picked, by account and agent",
    labelNames: ["account", "agent"],
  },
  membershipChanges: {
    name: "wiki_gateway_membership_changes_total",
    help: "The bot added to or removed from a group, or blocked or unblocked by a user, by account and change",
    labelNames: ["account", "change"],
  },
  wikiRequests: {
    name: "wiki_gateway_wiki_requests_total",
    help: "GraphQL requests to the wiki, by operation",
    labelNames: ["operation"],
  },
  wikiErrors: {
    name: "wiki_gateway_wiki_errors_total",
    help: "Wiki failures, by WikiError code",
    labelNames: ["code"],
  },
  telegramErrors: {
    name: "wiki_gateway_telegram_errors_total",
    help: "Failed Telegram API calls, by account, method and error code (0 = network)",
    labelNames: ["account", "method", "code"],
  },
  streams: {
    name: "wiki_gateway_streams_total",
    help: "Answers streamed while the model wrote them, by account and kind (draft: a private chat's drafts; placeholder: a group's)",
    labelNames: ["account", "kind"],
  },
  streamShows: {
    name: "wiki_gateway_stream_shows_total",
    help: "Streamed text Telegram took, by account and call (draft, placeholder: the placeholder sent, edit: the placeholder edited)",
    labelNames: ["account", "call"],
  },
  streamFailures: {
    name: "wiki_gateway_stream_failures_total",
    help: "Streams that stopped showing because Telegram refused a draft or a placeholder's send or edit, by account and kind",
    labelNames: ["account", "kind"],
  },
  streamStops: {
    name: "wiki_gateway_stream_stops_total",
    help: "Stop buttons pressed on drafts, by account and outcome (stopped: the answer being written; ignored: a draft unknown or finished)",
    labelNames: ["account", "outcome"],
  },
  placeholdersCleared: {
    name: "wiki_gateway_stream_placeholders_cleared_total",
    help: "Group placeholders after their answer, by account and outcome (deleted, left: Telegram refused the deletion)",
    labelNames: ["account", "outcome"],
  },
  stateWriteErrors: {
    name: "wiki_gateway_state_write_errors_total",
    help: "Writes to the state directory that failed, by file (gaps, choices, replies, feedback, answers, models, index)",
    labelNames: ["file"],
  },
  pairingRequests: {
    name: "wiki_gateway_pairing_requests_total",
    help: "Pairing requests created, by account",
    labelNames: ["account"],
  },
} as const satisfies Record<string, MetricRow>;

/** The histograms. */
export const HISTOGRAMS = {
  answerSeconds: {
    name: "wiki_gateway_answer_duration_seconds",
    help: "Time from receiving a message to its reply being accepted by Telegram",
    labelNames: ["account"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
  outgoingWait: {
    name: "wiki_gateway_outgoing_wait_seconds",
    help: "Time a message waited in the outgoing queue to keep Telegram's rates, by account (0 when under them)",
    labelNames: ["account"],
    buckets: [0.001, 0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
  },
} as const satisfies Record<string, MetricRow>;

/** The gauges set when the daemon observes its accounts, its index and the cluster. */
export const GAUGES = {
  accountState: {
    name: "wiki_gateway_account_state",
    help: "1 for the current state of each account",
    labelNames: ["account", "state"],
  },
  accountProblem: {
    name: "wiki_gateway_account_problem",
    help: "1 for the error code of each account's current problem (docs/errors.md); no series while it has none",
    labelNames: ["account", "code"],
  },
  journalDepth: {
    name: "wiki_gateway_journal_depth",
    help: "Updates journaled and not yet answered, by account",
    labelNames: ["account"],
  },
  indexPages: {
    name: "wiki_gateway_index_pages",
    help: "Pages in the local search index",
  },
  indexRefreshed: {
    name: "wiki_gateway_index_refreshed_timestamp_seconds",
    help: "When the search index last caught up with the wiki (Unix seconds; 0 before the first time)",
  },
  wikiUp: {
    name: "wiki_gateway_wiki_up",
    help: "1 when the wiki answered its last check with the gateway's token accepted, else 0",
  },
  leaseHeld: {
    name: "wiki_gateway_cluster_lease_held",
    help: "Cluster mode: 1 when this replica holds the account's lease, else 0",
    labelNames: ["account"],
  },
  leaseAge: {
    name: "wiki_gateway_cluster_lease_age_seconds",
    help: "Cluster mode: age of each account's current lease, by the replica that holds it",
    labelNames: ["account", "owner"],
  },
  liveReplicas: {
    name: "wiki_gateway_cluster_replicas",
    help: "Cluster mode: live replicas (heartbeat younger than the lease TTL)",
  },
} as const satisfies Record<string, MetricRow>;

type Labels<R> = R extends { labelNames: readonly (infer L extends string)[] } ? L : string;

/** The metric objects a table makes, field by field, with their label names as types. */
export type CountersOf<T> = { [K in keyof T]: Counter<Labels<T[K]>> };
export type HistogramsOf<T> = { [K in keyof T]: Histogram<Labels<T[K]>> };
export type GaugesOf<T> = { [K in keyof T]: Gauge<Labels<T[K]>> };
