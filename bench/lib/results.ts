import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../packages/sandbox/src/project-root.js";
import { machine } from "./stats.js";

const RESULTS = join(projectRoot(), "bench", "results");

export interface BenchTable {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  notes?: string[];
}

/** Writes `bench/results/<name>.json` (figures + machine) and returns the Markdown table. */
export function writeResults(name: string, data: unknown, table: BenchTable): string {
  mkdirSync(RESULTS, { recursive: true });
  const m = machine();
  const markdown = `${toMarkdown(table)}\n\nMachine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.at}.`;
  writeFileSync(join(RESULTS, `${name}.json`), `${JSON.stringify({ name, machine: m, data }, null, 2)}\n`);
  writeFileSync(join(RESULTS, `${name}.md`), `${markdown}\n`);
  return markdown;
}

export function toMarkdown(table: BenchTable): string {
  const head = `| ${table.columns.join(" | ")} |`;
  const rule = `| ${table.columns.map(() => "---").join(" | ")} |`;
  const body = table.rows.map((r) => `| ${r.join(" | ")} |`);
  return [`#### ${table.title}`, "", head, rule, ...body, ...(table.notes ?? []).map((n) => `\n${n}`)].join(
    "\n",
  );
}
