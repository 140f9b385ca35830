import { describe, expect, it } from "vitest";
import type { AccountState } from "../../../src/accounts/account-state.js";
import { type GatewayView, gatewayReadiness } from "../../../src/http/gateway-readiness.js";
import { gatewayStatus } from "../../../src/http/gateway-status.js";

const account = (name: string, status: AccountState["status"], problem?: AccountState["problem"]) => ({
  account: name,
  status,
  since: "",
  journalDepth: 0,
  webhookRemovals: 0,
  ...(problem ? { problem } : {}),
});

function view(over: Partial<GatewayView> = {}): GatewayView {
  return {
    accounts: () => [account("default", "polling"), account("off", "disabled")],
    wiki: () => ({ ok: true }),
    indexReady: () => true,
    indexStats: () => ({ pages: 3 }),
    configLoaded: () => true,
    agents: () => [],
    eventLoop: () => ({ blocks: 0, thresholdMs: 100, recent: [] }),
    ...over,
  };
}

describe("readiness and status", () => {
  it("is ready when accounts poll (or are disabled), the wiki answers, the index is built and the config loaded", () => {
    expect(gatewayReadiness(view()).ready).toBe(true);
  });

  it("says which part is not ready, and why", () => {
    const readiness = gatewayReadiness(
      view({
        accounts: () => [
          account("default", "unauthorized", { code: "telegram-unauthorized", message: "401", remedy: "" }),
        ],
        wiki: () => ({ ok: false }),
        indexReady: () => false,
        configLoaded: () => false,
      }),
    );
    expect(readiness).toEqual({
      ready: false,
      checks: {
        "account:default": { ok: false, detail: "unauthorized: 401" },
        wiki: { ok: false, detail: "not checked yet" },
        index: { ok: false, detail: "the search index is being built" },
        config: { ok: false, detail: "gateway.json not loaded" },
      },
    });
  });

  it("says the index is being built only while a build runs; otherwise when the wiki is tried next", () => {
    const now = Date.parse("2026-11-24T19:23:42.000Z");
    const down = {
      ok: false,
      detail: "the wiki at http://wiki:3000 cannot be reached (ECONNREFUSED); fix: check that the wiki runs",
      nextTryAt: "2026-11-24T19:23:49.500Z",
    };
    const waiting = gatewayReadiness(
      view({ wiki: () => down, indexReady: () => false, indexBuilding: () => false }),
      now,
    );
    expect(waiting.checks.wiki).toEqual({ ok: false, detail: `${down.detail}; next try in 8 s` });
    expect(waiting.checks.index).toEqual({
      ok: false,
      detail: "the search index is not built: the wiki is not usable (see wiki); next try in 8 s",
    });
    const due = gatewayReadiness(
      view({ wiki: () => down, indexReady: () => false, indexBuilding: () => false }),
      now + 9000,
    );
    expect(due.checks.wiki?.detail).toMatch(/; next try now$/);
    const building = gatewayReadiness(view({ indexReady: () => false, indexBuilding: () => true }), now);
    expect(building.checks.index).toEqual({ ok: false, detail: "the search index is being built" });
    const notYet = gatewayReadiness(
      view({ wiki: () => ({ ok: false }), indexReady: () => false, indexBuilding: () => false }),
      now,
    );
    expect(notYet.checks.index).toEqual({ ok: false, detail: "the search index is not built yet" });
  });

  it("status shows each account's bot and privacy mode", () => {
    const bot = { id: 1, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };
    const status = gatewayStatus(view({ accounts: () => [{ ...account("default", "polling"), bot }] }));
    expect(status.accounts[0]).toMatchObject({ account: "default", username: "wiki_bot", privacyMode: true });
    expect(status.index).toEqual({ pages: 3 });
  });

  it("a refused reload keeps config ready, says the file on disk is not the one running, and /status lists it", () => {
    const refused = {
      at: "2026-11-24T10:29:00.000Z",
      trigger: "SIGHUP",
      outcome: "refused" as const,
      problems: ['defaultAccount: names "x", which is not an account'],
    };
    const health = { appliedAt: "2026-11-24T10:00:00.000Z", lastReload: refused };
    const readiness = gatewayReadiness(view({ configHealth: () => health }));
    expect(readiness.ready).toBe(true);
    expect(readiness.checks.config?.ok).toBe(true);
    expect(readiness.checks.config?.detail).toContain(
      "gateway.json on disk was refused at 2026-11-24T10:29:00.000Z (1 problem(s), listed in /status); the configuration applied at 2026-11-24T10:00:00.000Z keeps running",
    );
    expect(gatewayStatus(view({ configHealth: () => health })).config).toEqual({
      appliedAt: "2026-11-24T10:00:00.000Z",
      lastReload: refused,
    });
    const applied = { ...refused, outcome: "applied" as const, problems: [] };
    expect(
      gatewayReadiness(view({ configHealth: () => ({ ...health, lastReload: applied }) })).checks.config,
    ).toEqual({
      ok: true,
    });
    expect(gatewayStatus(view()).config).toEqual({ appliedAt: null, lastReload: null });
  });
});
