import type { RankingSettings } from "../../src/wiki/search-index/settings.js";

/**
 * The ranking's numeric weights, found at run time in a settings object the bench owns (a copy
 * made with `rankingSettings()` and handed to `createSearchIndex({ settings })`; the product's
 * DEFAULT_SETTINGS are frozen and never written): every finite number reachable from its groups
 * (named as ROOTS) is a weight, except the structural settings in NOT_WEIGHTS (cut-offs, lengths,
 * counts). A weight added to a group is fitted without changing this file; a new group is added
 * to ROOTS.
 *
 * The engine reads its settings at search time, so a value written here takes effect at the
 * next search, with no rebuild of the index (field boosts are applied at search time too). The
 * exceptions, handled or excluded here:
 * - SEARCH.expansion is replaced, never changed in place: the vocabulary remembers expansions per
 *   options object (term-expansion.ts), so a changed copy clears that memo;
 * - RANKING.passagesKept and the length of RANKING.followerWeights size arrays when rank.ts loads
 *   (KEPT): only the followers' values are weights;
 * - ANCHORS.maxTerms, minShare and maxCount shape the anchor documents when the postings are built
 *   (a change needs a rebuild), and ANCHORS.weight 0 builds none: only a non-zero weight is fitted;
 * - which words are section words (SECTION_WORDS.minShare, minPages) and TITLE_WORDS.exponent are
 *   computed once per freeze of the postings: not fitted here (TITLE_WORDS is not a root).
 */
const ROOTS = {
  RANKING: "ranking",
  SEARCH: "search",
  QUERY_WEIGHTS: "queryWeights",
  ANCHORS: "anchors",
  SECTION_WORDS: "sectionWords",
} as const satisfies Record<string, keyof RankingSettings>;

/** Numbers that are not weights: scaling them is not a ranking question, or needs a reload. */
const NOT_WEIGHTS = new Set([
  "RANKING.rescored",
  "RANKING.passagesKept",
  "SEARCH.expansion.prefixFrom",
  "SEARCH.expansion.typoFrom",
  "SEARCH.expansion.typoShare",
  "SEARCH.expansion.maxTypos",
  "SEARCH.spelling.from",
  "SEARCH.compounds.fewDocuments",
  "SEARCH.commonTermShare",
  // Read when the postings are built: a change would need a rebuild of the index.
  "ANCHORS.maxTerms",
  "ANCHORS.minShare",
  "ANCHORS.maxCount",
  "SECTION_WORDS.minShare",
  "SECTION_WORDS.minPages",
]);

/**
 * Upper bounds where the formula needs one: BM25's length normalisation is a share; a compound's
 * parts count below the word itself (settings.ts `compounds.weight`: below 1; values are kept to
 * four decimals, so 0.99 is the largest below 1).
 */
const MAX: Record<string, number> = { "SEARCH.bm25.b": 1, "SEARCH.compounds.weight": 0.99 };

/** Objects that must be replaced, not changed in place (see above). */
const REPLACED = new Set(["SEARCH.expansion"]);

export interface Weight {
  /** Where it lives, as written in the source: `SEARCH.bm25.k`, `RANKING.followerWeights[1]`. */
  readonly name: string;
  readonly max: number;
  get(): number;
  set(value: number): void;
}

/** A setting: weight name → value. */
export type Setting = Record<string, number>;

/**
 * Every weight of `settings` (the caller's own copy: setting a weight writes into it), in a stable
 * order (ROOTS, then source order of the groups).
 */
export function discoverWeights(settings: RankingSettings): Weight[] {
  if (Object.isFrozen(settings.ranking))
    throw new Error("discoverWeights: pass a copy made with rankingSettings(), not the frozen defaults");
  const found: Weight[] = [];
  for (const [rootName, key] of Object.entries(ROOTS)) {
    const root = settings[key] as unknown as Record<string | number, unknown>;
    walk(root, root, rootName, [], found);
  }
  return found.filter((w) => !NOT_WEIGHTS.has(w.name));
}

type Node = Record<string | number, unknown>;

function walk(root: Node, node: object, name: string, path: Array<string | number>, out: Weight[]): void {
  for (const [key, value] of Object.entries(node)) {
    const keyPart: string | number = Array.isArray(node) ? Number(key) : key;
    const at = [...path, keyPart];
    const full = `${name}${label(at)}`;
    if (typeof value === "number" && Number.isFinite(value)) out.push(leaf(root, name, at, full));
    else if (value !== null && typeof value === "object") walk(root, value as object, name, at, out);
  }
}

const label = (path: ReadonlyArray<string | number>) =>
  path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("");

function leaf(root: Node, rootName: string, path: ReadonlyArray<string | number>, name: string): Weight {
  const parentOf = (): Record<string | number, unknown> => {
    let node = root;
    for (const p of path.slice(0, -1)) node = node[p] as Record<string | number, unknown>;
    return node;
  };
  const key = path[path.length - 1]!;
  // The deepest replaced object on the path, if any: written as a changed copy.
  const replacedAt = path.findIndex((_, i) => REPLACED.has(`${rootName}${label(path.slice(0, i + 1))}`));
  return {
    name,
    max: MAX[name] ?? Number.POSITIVE_INFINITY,
    get: () => parentOf()[key] as number,
    set(value) {
      if (replacedAt < 0) {
        parentOf()[key] = value;
        return;
      }
      let holder = root;
      for (const p of path.slice(0, replacedAt)) holder = holder[p] as Record<string | number, unknown>;
      const slot = path[replacedAt]!;
      const copy = { ...(holder[slot] as Record<string | number, unknown>) };
      let node = copy;
      for (const p of path.slice(replacedAt + 1, -1)) {
        node[p] = { ...(node[p] as object) };
        node = node[p] as Record<string | number, unknown>;
      }
      node[key] = value;
      holder[slot] = copy;
    },
  };
}

/** The current values of the weights. */
export function readSetting(weights: readonly Weight[]): Setting {
  return Object.fromEntries(weights.map((w) => [w.name, w.get()]));
}

/** Writes the setting's values (only those that differ, so replaced objects keep their identity). */
export function applySetting(weights: readonly Weight[], setting: Setting): void {
  for (const w of weights) {
    const value = setting[w.name];
    if (value !== undefined && value !== w.get()) w.set(value);
  }
}

/** Values as a product constant would hold them: four significant digits. */
export const tidy = (value: number): number => Number(value.toPrecision(4));

/**
 * The weights that differ between two settings, one line each, as they would be written in the
 * source (`SEARCH.bm25.k: 1.2 → 1.68`), grouped by file.
 */
export function describeChanges(before: Setting, after: Setting): string[] {
  const files = Object.fromEntries(
    Object.entries(ROOTS).map(([root, key]) => [
      root,
      `src/wiki/search-index/settings.ts (DEFAULT_SETTINGS.${key})`,
    ]),
  );
  const lines: string[] = [];
  for (const [root, file] of Object.entries(files)) {
    const changed = Object.keys(after).filter(
      (name) => name.startsWith(`${root}.`) && before[name] !== after[name],
    );
    if (changed.length === 0) continue;
    lines.push(`${file}:`);
    for (const name of changed) lines.push(`  ${name}: ${before[name]} → ${after[name]}`);
  }
  return lines;
}

/** The weights named by `--only a,b` (a weight's name, or an object or array holding weights: `SEARCH.bm25`, `SEARCH.pageBoosts`). */
export function selectWeights(all: readonly Weight[], only: readonly string[]): Weight[] {
  if (only.length === 0) return [...all];
  const named = (w: Weight, o: string) =>
    w.name === o || w.name.startsWith(`${o}.`) || w.name.startsWith(`${o}[`);
  const unknown = only.filter((o) => !all.some((w) => named(w, o)));
  if (unknown.length > 0)
    throw new Error(
      `--only: no weight is named or begins with ${unknown.join(", ")}; the weights are: ${all
        .map((w) => w.name)
        .join(", ")}`,
    );
  return all.filter((w) => only.some((o) => named(w, o)));
}
