import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, readiness } from "../helpers/daemon.js";
import { alertRules, dashboardQueries } from "../helpers/monitoring.js";
import { exposedFamilies, isExposed, promqlMetricNames } from "../helpers/promql.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * The alerting rules (deploy/prometheus/alerts.yaml) and the Grafana dashboard
 * (deploy/grafana/wiki-gateway.json) read only metrics the daemon exports: a metric renamed or
 * removed in src/ fails here. The daemon runs against the sandboxes; /metrics is read over HTTP.
 * A labelled metric that has counted nothing yet still has its `# TYPE` line, which is what
 * "exists" means; a histogram's `_bucket`, `_sum` and `_count` are its family's.
 */
let stack: Stack;
let families: Map<string, string>;

beforeAll(async () => {
  stack = await startStack({ accounts: ["default"] });
  const daemon = await stack.startDaemon();
  await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);
  families = exposedFamilies(await (await fetch(`${daemon.httpUrl}/metrics`)).text());
}, 60_000);
afterAll(() => stack?.close());

describe("monitoring: the rules and the dashboard read what /metrics has", () => {
  it("the daemon's /metrics is what the check reads (a sanity check of the parser)", () => {
    expect(families.get("wiki_gateway_answers_total")).toBe("counter");
    expect(isExposed("wiki_gateway_answer_duration_seconds_bucket", families)).toBe(true);
    expect(isExposed("wiki_gateway_answers_total_bucket", families)).toBe(false);
    expect(isExposed("wiki_gateway_answer_total", families)).toBe(false);
  });

  it("every metric an alerting rule reads exists", () => {
    const missing = alertRules().flatMap((rule) =>
      promqlMetricNames(rule.expr)
        .filter((name) => !isExposed(name, families))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("every metric a dashboard query reads exists", () => {
    const missing = dashboardQueries().flatMap((expr) =>
      promqlMetricNames(expr)
        .filter((name) => !isExposed(name, families))
        .map((name) => `${name} in ${expr}`),
    );
    expect(missing).toEqual([]);
  });
});
