import type { AccountPool } from "../accounts/account-pool.js";
import type { Cluster } from "../cluster/cluster.js";
import type { Settings } from "../config/settings.js";
import type { MessageHandler } from "../core/message-handler.js";
import { createMetrics, type Metrics } from "../http/metrics.js";
import type { GatewayView } from "../http/gateway-readiness.js";
import { createLoopHealth, type LoopHealth } from "../http/loop-health.js";
import type { HttpServer } from "../http/server.js";
import type { Logger } from "../log/logger.js";
import { type ApprovalDelivery, createApprovalDelivery } from "../pipeline/approval-delivery.js";
import type { WikiWatch } from "../pipeline/wiki-watch.js";
import { createPairingStore, createPairingStoreOn, type PairingStore } from "../policy/pairing-store.js";
import { createStateLayout, type StateLayout } from "../state/layout.js";
import type { ConfigInForce } from "./apply-config.js";
import type { SharedStores } from "./shared-stores.js";
import { wireAccounts } from "./wire-accounts.js";
import { wireFeedback } from "./wire-feedback.js";
import { createMembershipTracker } from "./wire-membership.js";
import { type WiredMigrations, wireChatMigrations } from "./wire-migrations.js";
import { wireHttp } from "./wire-http.js";
import { wirePipeline } from "./wire-pipeline.js";
import { wireModels, type ModelsInForce } from "./wire-models.js";
import type { WikiPort } from "../wiki/types.js";
import { wireWiki } from "./wire-wiki.js";
import { gatewayView } from "./gateway-view.js";

/** Every part of a running gateway, built once from the settings; nothing runs yet. */
export interface GatewayParts {
  layout: StateLayout;
  config: ConfigInForce;
  wikiWatch: WikiWatch;
  pairing: PairingStore;
  pipeline: MessageHandler;
  pool: AccountPool;
  delivery: ApprovalDelivery;
  view: GatewayView;
  http: HttpServer;
  /** Group upgrades: read back before the accounts start, kept as they are learnt. */
  migrations: WiredMigrations;
  /** Reactions as feedback; flushed on stop. */
  feedback: { flush(): Promise<void> };
  /** The message way's state files (gap log, offered choices, reply memory); flushed on stop. */
  pipelineFiles: { flush(): Promise<void> };
  /** Event-loop and GC watch; stopped last. */
  loopHealth: LoopHealth;
  /** Cluster mode (GATEWAY_REDIS_URL set): joined at start; undefined until then and without it. */
  cluster: { current: Cluster | undefined; enabled: boolean };
  /** Journals and pairing outside the state directory (cluster mode); closed after the accounts. */
  stores: SharedStores;
  /** The model clients, rebuilt from each gateway.json applied. */
  models: ModelsInForce;
  /** The wiki's client, for the editors' page of unanswered questions. */
  wiki: WikiPort;
}

export function createGatewayParts(
  settings: Settings,
  logger: Logger,
  stores: SharedStores = { close: async () => {} },
): GatewayParts {
  const layout = createStateLayout(settings.stateDir);
  const { metrics, loopHealth } = observing(logger);
  const config: ConfigInForce = {
    path: settings.configPath,
    runtime: undefined,
    health: { appliedAt: undefined, lastReload: undefined },
  };
  const models = wireModels(settings, logger, metrics, layout.modelUsageFile);
  const { wiki, index, wikiWatch, answer, agent, inlineSearch } = wireWiki(
    settings,
    logger,
    metrics,
    layout.indexFile,
    models,
  );
  const pairing = openPairing(stores, layout, logger);
  const wiredMigrations = wireChatMigrations(logger, {
    file: layout.upgradesFile,
    shared: stores.chatMigrations,
  });
  const { migrations } = wiredMigrations;
  const membership = createMembershipTracker(metrics, config);
  const feedback = wireFeedback({ config, pairing, layout, metrics, logger, migrations });
  const {
    pipeline,
    inline,
    flush: flushPipelineFiles,
  } = wirePipeline({
    config,
    pairing,
    answer,
    agent,
    inlineSearch,
    layout,
    metrics,
    logger,
    migrations,
    feedback,
    models,
    ...(stores.conversations ? { conversationStore: stores.conversations } : {}),
  });
  const { cluster, accountsIn } = clusterParts(settings, stores);
  const pool = wireAccounts({
    settings,
    layout,
    pipeline,
    inline,
    metrics,
    logger,
    migrations,
    config,
    membership,
    ...accountsIn,
    onReaction: (event, log) => feedback.react(event, log),
  });
  const delivery = createApprovalDelivery({
    pairing,
    pool,
    pipeline,
    logger: logger.child({ component: "pairing" }),
    agentLanguage: (account) => config.runtime?.agents.get(account)?.language,
  });
  const view = gatewayView({
    pool,
    wikiWatch,
    index,
    config,
    migrations,
    membership,
    loopHealth,
    cluster,
    models,
  });
  const http = wireHttp(settings, logger, metrics, view);
  return {
    layout,
    config,
    wikiWatch,
    pairing,
    pipeline,
    pool,
    delivery,
    view,
    http,
    migrations: wiredMigrations,
    feedback,
    pipelineFiles: { flush: flushPipelineFiles },
    loopHealth,
    stores,
    cluster,
    models,
    wiki,
  };
}

/** The metrics registry, and the event loop's watch that reports on it (and logs each block). */
function observing(logger: Logger): { metrics: Metrics; loopHealth: LoopHealth } {
  const metrics = createMetrics();
  const loopLogger = logger.child({ component: "event-loop" });
  const loopHealth = createLoopHealth({
    registry: metrics.registry,
    onBlock: (block) => loopLogger.warn(block, "the event loop was blocked"),
  });
  return { metrics, loopHealth };
}

/**
 * The cluster's place (joined at start, GATEWAY_REDIS_URL set) and where its accounts run: in
 * cluster mode nothing runs until the lease of the account is held here, and journals in the
 * shared store are fenced by the lease's token.
 */
function clusterParts(
  settings: Settings,
  stores: SharedStores,
): {
  cluster: GatewayParts["cluster"];
  accountsIn: Pick<Parameters<typeof wireAccounts>[0], "ownership" | "journalFor">;
} {
  const cluster: GatewayParts["cluster"] = { current: undefined, enabled: settings.redisUrl !== "" };
  const { journalFor } = stores;
  return {
    cluster,
    accountsIn: {
      ...(cluster.enabled
        ? { ownership: { gate: (account: string) => cluster.current?.ownership.gate(account) } }
        : {}),
      ...(journalFor
        ? {
            journalFor: (account: string) =>
              journalFor(account, () => cluster.current?.ownership.fencingToken(account)),
          }
        : {}),
    },
  };
}

/** The pairing store: in Redis (cluster mode) or in the state directory's pairing.json. */
function openPairing(stores: SharedStores, layout: StateLayout, logger: Logger): PairingStore {
  return stores.pairing
    ? createPairingStoreOn(stores.pairing, { logger })
    : createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock, logger });
}
