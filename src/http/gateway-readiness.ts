import { type AccountState, isAccountReady } from "../accounts/account-state.js";
import type { OwnershipView } from "../cluster/ownership.js";
import { type ConfigHealth, configCheck } from "./config-health.js";
import type { LoopHealthView } from "./loop-health.js";
import type { Readiness } from "./server.js";

/** The parts /readyz and /status look at, each read when asked. */
export interface GatewayView {
  accounts(): readonly AccountState[];
  /** The wiki's health; `nextTryAt` (ISO-8601) is when it is tried again after a failure. */
  wiki(): { ok: boolean; detail?: string; nextTryAt?: string };
  indexReady(): boolean;
  /** The index is being built right now (absent: assumed so whenever it is not ready). */
  indexBuilding?(): boolean;
  indexStats(): unknown;
  /** gateway.json was loaded at least once. */
  configLoaded(): boolean;
  /** When the configuration in force was applied, and how the last reload ended. */
  configHealth?(): ConfigHealth;
  /** Which agent answers each account. */
  agents(): unknown[];
  /** The model clients in force and their state (circuit, tokens spent today, calls running and waiting). */
  models?(): unknown[];
  /** Groups of gateway.json the bot was removed from, each with the fix. */
  groupsWithoutBot?(): Array<{ account: string; chatId: number; since: string; fix: string }>;
  /** Group upgrades seen whose old id gateway.json still lists, each with the exact fix. */
  groupUpgrades?(): Array<{
    account: string;
    oldChatId: number;
    newChatId: number;
    since: string;
    fix: string;
  }>;
  /** Blocks of the event loop over the threshold: how many, the latest, the longest. */
  eventLoop(): LoopHealthView;
  /** Cluster mode: the replicas, this one's share and the leases (undefined in a single process). */
  cluster?(): OwnershipView | undefined;
}

/**
 * /readyz: ready when every account polls (or is stopped on purpose), the wiki answered the last
 * check, the search index is built and gateway.json is loaded; in cluster mode also when this
 * replica holds the leases of its whole share (or has nothing to own). Each part says what is wrong:
 * an index is said to be "being built" only while a build runs; otherwise it waits for the wiki,
 * and both say when the wiki is tried next. A refused reload is a detail of the ready `config`
 * check (config-health.ts).
 */
export function gatewayReadiness(view: GatewayView, now: number = Date.now()): Readiness {
  const checks: Readiness["checks"] = {};
  for (const state of view.accounts()) {
    checks[`account:${state.account}`] = isAccountReady(state)
      ? { ok: true }
      : { ok: false, detail: state.problem ? `${state.status}: ${state.problem.message}` : state.status };
  }
  const wiki = view.wiki();
  const nextTry = wiki.ok || wiki.nextTryAt === undefined ? "" : `; ${nextTryText(wiki.nextTryAt, now)}`;
  checks.wiki = wiki.ok
    ? { ok: true }
    : { ok: false, detail: `${wiki.detail ?? "not checked yet"}${nextTry}` };
  checks.index = view.indexReady()
    ? { ok: true }
    : { ok: false, detail: indexDetail(view, wiki.ok, nextTry) };
  const cluster = view.cluster?.();
  if (cluster) checks.cluster = clusterCheck(cluster);
  checks.config = configCheck(view.configLoaded(), view.configHealth?.());
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

function indexDetail(view: GatewayView, wikiOk: boolean, nextTry: string): string {
  if (view.indexBuilding?.() ?? true) return "the search index is being built";
  if (wikiOk || nextTry === "") return "the search index is not built yet";
  return `the search index is not built: the wiki is not usable (see wiki)${nextTry}`;
}

/** "next try in 4 s" ("next try now" once that time has come). */
function nextTryText(at: string, now: number): string {
  const seconds = Math.ceil((Date.parse(at) - now) / 1000);
  return seconds > 0 ? `next try in ${seconds} s` : "next try now";
}

function clusterCheck(cluster: OwnershipView): Readiness["checks"][string] {
  if (cluster.ready) return { ok: true };
  if (!cluster.redisOk) return { ok: false, detail: "Redis does not answer the heartbeat" };
  const missing = cluster.share.filter((a) => !cluster.held.includes(a));
  return { ok: false, detail: `waiting for the leases of ${missing.join(", ") || "its share"}` };
}
