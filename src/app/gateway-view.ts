import type { AccountPool } from "../accounts/account-pool.js";
import type { Cluster } from "../cluster/cluster.js";
import type { ChatMigrations } from "../core/chat-migrations.js";
import type { GatewayView } from "../http/gateway-readiness.js";
import type { LoopHealth } from "../http/loop-health.js";
import { boundAgents } from "../pipeline/runtime-config.js";
import type { WikiWatch } from "../pipeline/wiki-watch.js";
import type { ConfigInForce } from "./apply-config.js";
import type { createMembershipTracker } from "./wire-membership.js";
import { pendingUpgrades } from "./wire-migrations.js";
import type { ModelsInForce } from "./wire-models.js";

/** What /status, /readyz and /metrics read of the running parts, each read when asked. */
export function gatewayView(parts: {
  pool: AccountPool;
  wikiWatch: WikiWatch;
  index: { readonly ready: boolean; stats(): ReturnType<GatewayView["indexStats"]> };
  config: ConfigInForce;
  migrations: ChatMigrations;
  membership: ReturnType<typeof createMembershipTracker>;
  loopHealth: LoopHealth;
  cluster: { current: Cluster | undefined };
  models: ModelsInForce;
}): GatewayView {
  const { pool, wikiWatch, index, config, migrations, membership, loopHealth, cluster, models } = parts;
  return {
    accounts: () => pool.states(),
    wiki: () => wikiWatch.state(),
    indexReady: () => index.ready,
    indexBuilding: () => wikiWatch.indexBuilding(),
    indexStats: () => index.stats(),
    configLoaded: () => config.runtime !== undefined,
    configHealth: () => config.health,
    agents: () => boundAgents(config.runtime),
    models: () => models.list(),
    groupUpgrades: () => pendingUpgrades(migrations, config),
    groupsWithoutBot: () => membership.groupsWithoutBot(),
    eventLoop: () => loopHealth.view(),
    cluster: () => cluster.current?.ownership.view(),
  };
}
