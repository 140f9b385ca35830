import { describe, expect, it } from "vitest";
import { createMetrics } from "../../../src/http/metrics.js";
import { COUNTERS, GAUGES, HISTOGRAMS } from "../../../src/http/metric-table.js";

describe("createMetrics", () => {
  it("registers every metric of the table and the scrape-time gauges, each once", async () => {
    const metrics = createMetrics();
    const names = metrics.registry.getMetricsAsArray().map((m) => m.name);
    const tabled = [COUNTERS, HISTOGRAMS, GAUGES].flatMap((t) => Object.values(t).map((row) => row.name));
    for (const name of tabled) expect(names).toContain(name);
    for (const name of [
      "wiki_gateway_outgoing_queue_depth",
      "wiki_gateway_cache_bytes",
      "wiki_gateway_cache_max_bytes",
      "wiki_gateway_cache_entries",
    ])
      expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("counts with the table's labels and shows what is tracked at each scrape", async () => {
    const metrics = createMetrics();
    metrics.answers.inc({ account: "vera", agent: "docs", kind: "answer" });
    metrics.outgoingWait.observe({ account: "vera" }, 0.2);
    metrics.trackCache("answers", () => ({ entries: 3, bytes: 300, maxBytes: 1000 }));
    metrics.trackOutgoing(() => [{ account: "vera", depth: 2 }]);
    metrics.observeAccounts([
      { account: "vera", status: "polling", journalDepth: 4 } as Parameters<
        typeof metrics.observeAccounts
      >[0][0],
    ]);
    const text = await metrics.registry.metrics();
    expect(text).toContain('wiki_gateway_answers_total{account="vera",agent="docs",kind="answer"} 1');
    expect(text).toContain('wiki_gateway_outgoing_wait_seconds_bucket{le="0.5",account="vera"} 1');
    expect(text).toContain('wiki_gateway_cache_bytes{cache="answers"} 300');
    expect(text).toContain('wiki_gateway_cache_entries{cache="answers"} 3');
    expect(text).toContain('wiki_gateway_outgoing_queue_depth{account="vera"} 2');
    expect(text).toContain('wiki_gateway_account_state{account="vera",state="polling"} 1');
    expect(text).toContain('wiki_gateway_journal_depth{account="vera"} 4');
  });

  it("shows each account's problem code, the wiki's health and when the index caught up", async () => {
    const metrics = createMetrics();
    const state = (account: string, problem?: { code: string }) =>
      ({ account, status: problem ? "unauthorized" : "polling", journalDepth: 0, problem }) as Parameters<
        typeof metrics.observeAccounts
      >[0][0];
    metrics.observeAccounts([state("vera", { code: "telegram-unauthorized" }), state("ada")]);
    metrics.observeWiki(false);
    metrics.stateWriteErrors.inc({ file: "gaps" });
    let text = await metrics.registry.metrics();
    expect(text).toContain('wiki_gateway_account_problem{account="vera",code="telegram-unauthorized"} 1');
    expect(text).not.toMatch(/wiki_gateway_account_problem\{account="ada"/);
    expect(text).toContain("wiki_gateway_wiki_up 0");
    expect(text).toContain("wiki_gateway_index_refreshed_timestamp_seconds 0");
    expect(text).toContain('wiki_gateway_state_write_errors_total{file="gaps"} 1');

    metrics.observeAccounts([state("vera"), state("ada")]);
    metrics.observeWiki(true);
    metrics.indexRefreshed.setToCurrentTime();
    text = await metrics.registry.metrics();
    expect(text).not.toContain("wiki_gateway_account_problem{");
    expect(text).toContain("wiki_gateway_wiki_up 1");
    const refreshed = Number(/^wiki_gateway_index_refreshed_timestamp_seconds (\S+)$/m.exec(text)?.[1]);
    expect(Math.abs(refreshed - Date.now() / 1000)).toBeLessThan(60);
  });
});
