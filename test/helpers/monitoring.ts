import { readFileSync } from "node:fs";
import { parse } from "yaml";

/** The alerting rules and the Grafana dashboard of deploy/, as the tests read them. */
const DEPLOY = new URL("../../deploy/", import.meta.url);

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export function alertRules(): AlertRule[] {
  const file = parse(readFileSync(new URL("prometheus/alerts.yaml", DEPLOY), "utf8")) as {
    groups: Array<{ rules: AlertRule[] }>;
  };
  return file.groups.flatMap((g) => g.rules);
}

export interface DashboardPanel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Array<{ expr: string; refId: string; datasource?: { type: string; uid: string } }>;
}

export interface Dashboard {
  title: string;
  uid: string;
  panels: DashboardPanel[];
  templating: {
    list: Array<{ name: string; type: string; query: unknown; datasource?: { uid: string } }>;
  };
}

export function dashboard(): Dashboard {
  return JSON.parse(readFileSync(new URL("grafana/wiki-gateway.json", DEPLOY), "utf8")) as Dashboard;
}

/** Every PromQL expression of the dashboard: its panels' queries and its variables' queries. */
export function dashboardQueries(board: Dashboard = dashboard()): string[] {
  const panels = board.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  const variables = board.templating.list
    .filter((v) => v.type === "query")
    .map((v) => (typeof v.query === "string" ? v.query : (v.query as { query: string }).query));
  return [...panels, ...variables];
}
