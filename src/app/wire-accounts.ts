import { type AccountPool, createAccountPool } from "../accounts/account-pool.js";
import type { Journal } from "../accounts/journal/journal.js";
import { htmlToPlain } from "../agents/format/index.js";
import { commandMenus } from "../agents/command-menus.js";
import type { Settings } from "../config/settings.js";
import type { ChatMigrations } from "../core/chat-migrations.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import { releaseYoungGeneration } from "./young-generation.js";
import type { PollGate } from "../core/poll-gate.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import { registerBacklogMetrics } from "../http/backlog-metrics.js";
import type { Metrics } from "../http/metrics.js";
import { countStreamEvent } from "../http/stream-metrics.js";
import type { Logger } from "../log/logger.js";
import type { StateLayout } from "../state/layout.js";
import type { ConfigInForce } from "./apply-config.js";
import { createPrivacyWarning } from "./privacy-warning.js";
import type { MembershipTracker } from "./wire-membership.js";

/** The Telegram side: one runner per account, each handing its messages to the pipeline. */
export function wireAccounts(deps: {
  settings: Settings;
  layout: StateLayout;
  pipeline: MessageHandler;
  inline: InlineHandler;
  metrics: Metrics;
  logger: Logger;
  migrations: ChatMigrations;
  config: ConfigInForce;
  membership: MembershipTracker;
  /** Cluster mode: an account runs only while this replica holds its lease. */
  ownership?: { gate(account: string): PollGate | undefined };
  onReaction: (event: ReactionEvent, log: Logger) => void;
  /** Journals outside the state directory (cluster mode). */
  journalFor?: (account: string) => Journal;
}): AccountPool {
  const privacyWarning = createPrivacyWarning(deps.config, deps.logger);
  const { settings, metrics } = deps;
  const pool = createAccountPool({
    logger: deps.logger,
    pacing: settings.telegramPacing,
    backlogLimit: settings.telegramBacklogLimit,
    busyChatSeconds: settings.busyChatSeconds,
    onStream: (account, event) => countStreamEvent(metrics, account, event),
    onOutgoing: (account, waitedMs) => metrics.outgoingWait.observe({ account }, waitedMs / 1000),
    apiRoot: settings.telegramApiRoot,
    pollTimeoutSeconds: Math.min(50, settings.telegramPollTimeout),
    responseMaxBytes: settings.telegramResponseMaxBytes,
    journalFile: deps.layout.journalFile,
    ...(deps.journalFor ? { journalFor: deps.journalFor } : {}),
    stopTimeoutMs: settings.stopTimeoutMs,
    // The first message ends the quiet start: answering may grow the young generation.
    handler: (msg, reply, log) => {
      releaseYoungGeneration();
      return deps.pipeline(msg, reply, log);
    },
    ...(deps.ownership ? { ownership: deps.ownership } : {}),
    // So does the first inline query (a daemon may get nothing else).
    inline: {
      query: (query, reply, log) => {
        releaseYoungGeneration();
        return deps.inline.query(query, reply, log);
      },
      chosen: (chosen, log) => deps.inline.chosen(chosen, log),
    },
    toPlain: htmlToPlain,
    // The menus follow the language of the agent bound when the account starts.
    commands: (account) => commandMenus(deps.config.runtime?.agents.get(account)?.language),
    onState: privacyWarning,
    onMembership: (account, event) => deps.membership.record(account, event),
    onReaction: deps.onReaction,
    onChatMigrated: (account, oldChatId, newChatId) => deps.migrations.record(account, oldChatId, newChatId),
    onApiCall: (event) => {
      if (event.ok) return;
      const code = String(event.errorCode ?? 0);
      metrics.telegramErrors.inc({ account: event.account, method: event.method, code });
    },
  });
  metrics.trackOutgoing(() =>
    pool.states().map((s) => ({ account: s.account, depth: pool.get(s.account)?.outgoingDepth() ?? 0 })),
  );
  registerBacklogMetrics(metrics.registry, () =>
    pool.states().flatMap((s) => (s.backlog ? [{ account: s.account, backlog: s.backlog }] : [])),
  );
  return pool;
}
