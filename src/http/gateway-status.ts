import type { AccountBacklog } from "../accounts/account-state.js";
import type { ReloadOutcome } from "./config-health.js";
import type { GatewayView } from "./gateway-readiness.js";
import type { LoopHealthView } from "./loop-health.js";

/** The body of /status (secrets are redacted by the server before it is sent). */
export interface GatewayStatus {
  accounts: Array<{
    account: string;
    status: string;
    username: string | undefined;
    privacyMode: boolean | undefined;
    problem: { code: string; message: string; remedy: string } | undefined;
    since: string;
    journalDepth: number;
    webhookRemovals: number;
    /** Updates waiting for their chat's turn, by chat, and the busy chats' turned-away questions. */
    backlog?: AccountBacklog;
  }>;
  wiki: { ok: boolean; detail?: string };
  /** When the configuration in force was applied, and how the last reload of gateway.json ended (null: none since start). */
  config: { appliedAt: string | null; lastReload: ReloadOutcome | null };
  index: unknown;
  agents: unknown[];
  /** The model servers in force (docs/models.md): name, baseUrl, model, circuit, tokens spent today, calls active and waiting. */
  models: unknown[];
  /** Groups of gateway.json the bot was removed from (learnt from my_chat_member). */
  groupsWithoutBot: Array<{ account: string; chatId: number; since: string; fix: string }>;
  /** Groups upgraded to supergroups whose old id gateway.json still lists: what to change. */
  groupUpgrades: Array<{ account: string; oldChatId: number; newChatId: number; since: string; fix: string }>;
  eventLoop: LoopHealthView;
  /** Cluster mode only: this replica, the live ones, its share, and who holds each lease since when. */
  cluster?: {
    replica: string;
    replicas: Array<{ replica: string; lastSeenMs: number }>;
    share: string[];
    held: string[];
    redisOk: boolean;
    leases: Array<{
      account: string;
      owner: string | undefined;
      token: number | undefined;
      ageMs: number | undefined;
      ttlMs: number | undefined;
    }>;
  };
}

/**
 * /status: each account's life, the wiki's health, the configuration in force and the last reload's
 * outcome, the index's size, the bindings in force, and
 * when the event loop was blocked for longer than its threshold (100 ms); in cluster mode, which
 * replica owns which account and the lease ages.
 */
export function gatewayStatus(view: GatewayView): GatewayStatus {
  const cluster = view.cluster?.();
  return {
    accounts: view.accounts().map((s) => ({
      account: s.account,
      status: s.status,
      username: s.bot?.username,
      privacyMode: s.bot ? !s.bot.canReadAllGroupMessages : undefined,
      problem: s.problem,
      since: s.since,
      journalDepth: s.journalDepth,
      webhookRemovals: s.webhookRemovals,
      ...(s.backlog ? { backlog: s.backlog } : {}),
    })),
    wiki: view.wiki(),
    config: {
      appliedAt: view.configHealth?.().appliedAt ?? null,
      lastReload: view.configHealth?.().lastReload ?? null,
    },
    index: view.indexStats(),
    agents: view.agents(),
    models: view.models?.() ?? [],
    groupUpgrades: view.groupUpgrades?.() ?? [],
    groupsWithoutBot: view.groupsWithoutBot?.() ?? [],
    eventLoop: view.eventLoop(),
    ...(cluster
      ? {
          cluster: {
            replica: cluster.replica,
            replicas: cluster.replicas,
            share: cluster.share,
            held: cluster.held,
            redisOk: cluster.redisOk,
            leases: cluster.leases,
          },
        }
      : {}),
  };
}
