import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import ts from "typescript";

/** Each file of a source tree (path relative to its root, with `/`) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

export interface LayerRules {
  /** Highest layer first; a unit is a top-level folder (`cli`) or file (`main.ts`) of the tree. */
  layers: ReadonlyArray<{ name: string; units: readonly string[] }>;
  /** Imports between two units of one layer that are allowed: [from, to], `*` for any unit. */
  allowedWithinLayer: ReadonlyArray<readonly [string, string]>;
}

/**
 * Reads every .ts file under `root` and the relative modules it imports: `import`, `import type`,
 * `export … from` and `import()`, as the TypeScript compiler sees them. Packages are not nodes.
 */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listTs(root)) {
    const name = toPosix(relative(root, file));
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => posix.normalize(posix.join(posix.dirname(name), spec)).replace(/\.js$/, ".ts"));
    graph.set(name, [...new Set(targets)]);
  }
  return graph;
}

/** Every import that runs against the layers: upward, or across two units of one layer. */
export function layerViolations(graph: ImportGraph, rules: LayerRules): string[] {
  const layerOf = new Map<string, number>();
  rules.layers.forEach((layer, i) => layer.units.forEach((unit) => layerOf.set(unit, i)));
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const source = unitOf(from);
    const sourceLayer = layerOf.get(source);
    if (sourceLayer === undefined) {
      problems.push(`${from}: "${source}" belongs to no layer`);
      continue;
    }
    for (const to of targets) {
      const target = unitOf(to);
      if (target === source) continue;
      const targetLayer = layerOf.get(target);
      if (targetLayer === undefined) problems.push(`${from} → ${to}: "${target}" belongs to no layer`);
      else if (targetLayer < sourceLayer) {
        problems.push(
          `${from} → ${to}: ${rules.layers[sourceLayer]!.name} imports the higher layer ${rules.layers[targetLayer]!.name}`,
        );
      } else if (targetLayer === sourceLayer && !allowed(rules, source, target)) {
        problems.push(
          `${from} → ${to}: ${source} and ${target} are one layer and must not import each other`,
        );
      }
    }
  }
  return problems;
}

/** The file-level circles of the graph (strongly connected components of more than one file, or a self-import). */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function allowed(rules: LayerRules, from: string, to: string): boolean {
  return rules.allowedWithinLayer.some(([a, b]) => (a === "*" || a === from) && (b === "*" || b === to));
}

function unitOf(file: string): string {
  return file.split("/")[0]!;
}

/** Every .ts file under `dir` (declarations left out), at any depth. */
export function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTs(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/**
 * What importing `entry` (a path under `root`) loads before any of its code runs: its static
 * imports (`import … from`, `export … from`; not `import type`, which is erased, nor `import()`,
 * which loads when it runs), and theirs, transitively. Files of the tree by path from `root` (with
 * `/`), packages by their specifier.
 */
export function staticImportClosure(root: string, entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (name: string): void => {
    if (loaded.has(name)) return;
    loaded.add(name);
    if (!name.endsWith(".ts")) return;
    const source = ts.createSourceFile(name, readFileSync(join(root, name), "utf8"), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const typeOnly =
        (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly === true) ||
        (ts.isExportDeclaration(statement) && statement.isTypeOnly);
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier !== undefined &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (specifier === undefined || typeOnly) continue;
      visit(
        specifier.startsWith(".")
          ? posix.normalize(posix.join(posix.dirname(name), specifier)).replace(/\.js$/, ".ts")
          : specifier,
      );
    }
  };
  visit(entry);
  return loaded;
}
