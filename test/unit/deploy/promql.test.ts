import { describe, expect, it } from "vitest";
import { exposedFamilies, isExposed, promqlMetricNames } from "../../helpers/promql.js";

/** The PromQL reader the monitoring tests use: metric names only, whatever surrounds them. */
describe("promqlMetricNames", () => {
  it.each([
    [
      'sum by (job, instance, account) (increase(wiki_gateway_busy_turned_away_total{job=~"$job",chat="a b"}[10m])) > 0',
      ["wiki_gateway_busy_turned_away_total"],
    ],
    [
      "histogram_quantile(0.95, sum by (le) (rate(wiki_gateway_answer_duration_seconds_bucket[$__rate_interval])))",
      ["wiki_gateway_answer_duration_seconds_bucket"],
    ],
    [
      "time() - max without (pod) (wiki_gateway_index_refreshed_timestamp_seconds offset 5m) > 1800",
      ["wiki_gateway_index_refreshed_timestamp_seconds"],
    ],
    [
      'a_total / on (model) group_left (kind) b_total{outcome!~"ok|x"} and bool c unless d or e',
      ["a_total", "b_total", "c", "d", "e"],
    ],
    ['label_values(wiki_gateway_account_state{job=~"$job"}, account)', ["wiki_gateway_account_state"]],
    [
      "max_over_time(wiki_gateway_cluster_replicas[1h]) - wiki_gateway_cluster_replicas > 1e3",
      ["wiki_gateway_cluster_replicas"],
    ],
  ])("%s", (expr, names) => {
    expect(promqlMetricNames(expr)).toEqual(names);
  });
});

describe("isExposed", () => {
  const families = exposedFamilies(
    "# HELP h x\n# TYPE h histogram\n# TYPE c_total counter\n# TYPE s summary\nc_total 1\n",
  );
  it("knows a family and a histogram's series, not a counter's made-up ones", () => {
    expect(isExposed("c_total", families)).toBe(true);
    expect(isExposed("h_bucket", families)).toBe(true);
    expect(isExposed("h_count", families)).toBe(true);
    expect(isExposed("s_sum", families)).toBe(true);
    expect(isExposed("s_bucket", families)).toBe(false);
    expect(isExposed("c_total_count", families)).toBe(false);
    expect(isExposed("d", families)).toBe(false);
  });
});
