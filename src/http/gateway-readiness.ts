import { type AccountState, isAccountReady } from "../accounts/account-state.js";
import type { LoopHealthView } from "./loop-health.js";
import type { Readiness } from "./server.js";

/** The parts /readyz and /status look at, each read when asked. */
export interface GatewayView {
  accounts(): readonly AccountState[];
  wiki(): { ok: boolean; detail?: string };
  indexReady(): boolean;
  indexStats(): unknown;
  /** gateway.json was loaded at least once. */
  configLoaded(): boolean;
  /** Which agent answers each account. */
  agents(): unknown[];
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
}

/**
 * /readyz: ready when every account polls (or is stopped on purpose), the wiki answered the last
 * check, the search index is built and gateway.json is loaded. Each part says what is wrong.
 */
export function gatewayReadiness(view: GatewayView): Readiness {
  const checks: Readiness["checks"] = {};
  for (const state of view.accounts()) {
    checks[`account:${state.account}`] = isAccountReady(state)
      ? { ok: true }
      : { ok: false, detail: state.problem ? `${state.status}: ${state.problem.message}` : state.status };
  }
  const wiki = view.wiki();
  checks.wiki = wiki.ok ? { ok: true } : { ok: false, detail: wiki.detail ?? "not checked yet" };
  checks.index = view.indexReady() ? { ok: true } : { ok: false, detail: "the search index is being built" };
  checks.config = view.configLoaded() ? { ok: true } : { ok: false, detail: "gateway.json not loaded" };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
