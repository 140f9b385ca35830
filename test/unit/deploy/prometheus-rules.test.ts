import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ACCOUNT_CODES } from "../../../src/accounts/account-codes.js";
import { JOURNAL_CODES } from "../../../src/accounts/journal/journal-codes.js";
import { CLUSTER_CODES } from "../../../src/cluster/cluster-codes.js";
import type { ErrorCatalogue } from "../../../src/errors.js";
import { MODEL_CODES } from "../../../src/models/model-error.js";
import { STATE_CODES } from "../../../src/state/state-codes.js";
import { WIKI_CODES } from "../../../src/wiki/wiki-error.js";
import { headingAnchors } from "../../helpers/doc-links.js";
import { alertRules } from "../../helpers/monitoring.js";
import { describeWhere } from "../../helpers/needs.js";
import { promqlMetricNames } from "../../helpers/promql.js";

/**
 * deploy/prometheus/alerts.yaml: promtool accepts the rules and passes their unit tests
 * (alerts.test.yaml, series like those the daemon exports); each alert says what it means, what to
 * do in the error catalogue's words, and where its runbook is. That every metric the rules read
 * exists in a running daemon's /metrics: test/e2e/monitoring-metrics.test.ts.
 */
const DIR = fileURLToPath(new URL("../../../deploy/prometheus/", import.meta.url));
const OPERATIONS = readFileSync(new URL("../../../docs/operations.md", import.meta.url), "utf8");
const CODES: ErrorCatalogue = {
  ...ACCOUNT_CODES,
  ...JOURNAL_CODES,
  ...WIKI_CODES,
  ...MODEL_CODES,
  ...CLUSTER_CODES,
  ...STATE_CODES,
};

const rules = alertRules();
const unitTests = parse(readFileSync(`${DIR}alerts.test.yaml`, "utf8")) as {
  tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
};

describe("alerting rules: what each alert says", () => {
  it("covers every alert of the issue's list, each named once", () => {
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "WikiGatewayAccountNotPolling",
        "WikiGatewayTokenRefused",
        "WikiGatewayWikiUnreachable",
        "WikiGatewayIndexStale",
        "WikiGatewayEventLoopBlocked",
        "WikiGatewayBacklogGrowing",
        "WikiGatewayQuestionsTurnedAway",
        "WikiGatewayModelFailing",
        "WikiGatewayModelBudgetSpent",
        "WikiGatewayJournalFailing",
        "WikiGatewayStateDirectoryFailing",
        "WikiGatewayLeasesFlapping",
        "WikiGatewayReplicaGone",
      ]),
    );
  });

  it.each(rules.map((r) => [r.alert, r] as const))(
    "%s: summary, severity, description with a remedy",
    (_, rule) => {
      expect(rule.annotations.summary?.length).toBeGreaterThan(10);
      expect(["warning", "critical"]).toContain(rule.labels.severity);
      expect(rule.annotations.description).toMatch(/Remedy: /);
    },
  );

  it.each(rules.map((r) => [r.alert, r] as const))(
    "%s: each error code it names is in the catalogue, its remedy in the catalogue's words",
    (_, rule) => {
      const codes = (rule.annotations.error_codes ?? "").split(/\s+/).filter(Boolean);
      for (const code of codes) {
        expect(CODES[code], `${code} is not in the error catalogue`).toBeDefined();
        expect(rule.annotations.description).toContain(`${code}: ${CODES[code]!.remedy}`);
      }
    },
  );

  it.each(rules.map((r) => [r.alert, r] as const))(
    "%s: its runbook is a section of docs/operations.md",
    (_, rule) => {
      const match = /^docs\/operations\.md#([a-z0-9-]+)$/.exec(rule.annotations.runbook_url ?? "");
      expect(match, rule.annotations.runbook_url).not.toBeNull();
      expect([...headingAnchors(OPERATIONS)]).toContain(match![1]);
    },
  );

  it.each(rules.map((r) => [r.alert, r] as const))(
    "%s: reads the gateway's metrics, and is unit-tested firing",
    (_, rule) => {
      const names = promqlMetricNames(rule.expr);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^wiki_gateway_/);
      const firing = unitTests.tests
        .flatMap((t) => t.alert_rule_test)
        .filter((t) => t.alertname === rule.alert && t.exp_alerts.length > 0);
      expect(firing.length).toBeGreaterThan(0);
    },
  );
});

describeWhere("promtool", "alerting rules under promtool", () => {
  const promtool = (...args: string[]) =>
    spawnSync("promtool", args, { cwd: DIR, encoding: "utf8", timeout: 60_000 });

  it("promtool check rules accepts them", () => {
    const run = promtool("check", "rules", "alerts.yaml");
    expect(run.stdout + run.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(run.status).toBe(0);
  });

  it("promtool test rules passes: each alert fires on its series, and not on the healthy ones beside them", () => {
    const run = promtool("test", "rules", "alerts.test.yaml");
    expect(run.stdout + run.stderr).toMatch(/SUCCESS/);
    expect(run.status).toBe(0);
  });
});
