import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { dashboard, dashboardQueries } from "../../helpers/monitoring.js";
import { describeWhere } from "../../helpers/needs.js";
import { promqlMetricNames } from "../../helpers/promql.js";

/**
 * deploy/grafana/wiki-gateway.json: importable as it is (a Prometheus datasource variable, no
 * datasource of the author's), one panel for each subject operators watch, every query a valid
 * PromQL expression of the gateway's metrics. That each metric exists in a running daemon's
 * /metrics: test/e2e/monitoring-metrics.test.ts.
 */
const board = dashboard();
const queryPanels = board.panels.filter((p) => p.type !== "row");

describe("Grafana dashboard: structure", () => {
  it("has a Prometheus datasource variable that every panel and query uses", () => {
    const ds = board.templating.list.find((v) => v.type === "datasource");
    expect(ds).toMatchObject({ name: "datasource", query: "prometheus" });
    for (const panel of queryPanels) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${datasource}" });
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe("${datasource}");
    }
    for (const variable of board.templating.list.filter((v) => v.type === "query"))
      expect(variable.datasource?.uid).toBe("${datasource}");
    expect(JSON.stringify(board)).not.toMatch(/"uid":\s*"(?!\$\{datasource\}|wiki-gateway|-- Grafana --)/);
  });

  it("has job, instance and account variables, and a stable uid", () => {
    expect(board.uid).toBe("wiki-gateway");
    expect(board.templating.list.map((v) => v.name)).toEqual(
      expect.arrayContaining(["datasource", "job", "instance", "account"]),
    );
  });

  it("has one panel or more for each subject operators watch", () => {
    const titles = queryPanels.map((p) => p.title.toLowerCase());
    for (const subject of [
      /answers per minute by account and outcome/,
      /answer latency/,
      /account state/,
      /outgoing queue/,
      /backlog/,
      /event-loop delay/,
      /memory/,
      /model calls/,
      /model tokens/,
      /model failures/,
      /transcriptions/,
      /index age/,
      /index size/,
      /lease ownership/,
    ])
      expect(
        titles.some((t) => subject.test(t)),
        String(subject),
      ).toBe(true);
  });

  it("gives each panel a unique id, a place on the 24-column grid and queries with unique refIds", () => {
    const ids = board.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of board.panels) {
      const { x, w, h } = panel.gridPos;
      expect(x + w, panel.title).toBeLessThanOrEqual(24);
      expect(h).toBeGreaterThan(0);
    }
    for (const panel of queryPanels) {
      const refs = (panel.targets ?? []).map((t) => t.refId);
      expect(refs.length, panel.title).toBeGreaterThan(0);
      expect(new Set(refs).size).toBe(refs.length);
    }
  });

  it("reads only the gateway's metrics, each query at least one", () => {
    for (const expr of dashboardQueries(board)) {
      const names = promqlMetricNames(expr);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(name, expr).toMatch(/^wiki_gateway_/);
    }
  });
});

describeWhere("promtool", "Grafana dashboard queries under promtool", () => {
  it("every query is valid PromQL (Grafana's variables put in as Prometheus would get them)", () => {
    const rules = dashboardQueries(board)
      .filter((expr) => !expr.startsWith("label_values("))
      .map((expr, i) => ({
        record: `dashboard:query_${i}`,
        expr: expr.replaceAll("$__rate_interval", "5m").replace(/\$(job|instance|account)\b/g, ".*"),
      }));
    const dir = mkdtempSync(join(tmpdir(), "wg-dashboard-"));
    writeFileSync(join(dir, "queries.yaml"), stringify({ groups: [{ name: "dashboard", rules }] }));
    const run = spawnSync("promtool", ["check", "rules", "queries.yaml"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stdout + run.stderr).toMatch(new RegExp(`SUCCESS: ${rules.length} rules found`));
    expect(run.status).toBe(0);
  });
});
