/**
 * The metric names a PromQL expression reads, for the tests that keep the alerting rules and the
 * dashboard true to /metrics. Strings, label matchers (`{...}`), ranges and offsets (`[...]`),
 * the label lists of `by`, `without`, `on`, `ignoring`, `group_left` and `group_right`, function
 * names (a name followed by `(`), keywords and numbers are not metrics; Grafana's `$variables` are
 * dropped. `label_values(metric, label)` (a Grafana variable query) names its metric only.
 */
export function promqlMetricNames(expr: string): string[] {
  const text = expr
    .replace(/label_values\(\s*([a-zA-Z_:][\w:]*)\s*(?:\{[^}]*\})?\s*,\s*\w+\s*\)/g, " $1 ")
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, " ")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\$\{?\w+\}?/g, " ")
    .replace(/(?<![\w:])\d[\w.]*/g, " ");
  const names = new Set<string>();
  for (const match of text.matchAll(/[a-zA-Z_:][\w:]*(?=\s*(\()?)/g)) {
    if (match[1] !== undefined) continue; // a function
    if (KEYWORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names].sort();
}

const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "offset",
  "bool",
  "and",
  "or",
  "unless",
  "inf",
  "nan",
]);

/** The families one exposition text declares (`# TYPE name kind`), by name. */
export function exposedFamilies(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(match[1]!, match[2]!);
  return families;
}

/**
 * Whether a name a query reads is exposed: a family itself, or a histogram's (or summary's)
 * `_bucket`, `_sum` or `_count` series.
 */
export function isExposed(name: string, families: ReadonlyMap<string, string>): boolean {
  if (families.has(name)) return true;
  const suffix = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (!suffix) return false;
  const kind = families.get(suffix[1]!);
  return kind === "histogram" || (kind === "summary" && suffix[2] !== "bucket");
}
