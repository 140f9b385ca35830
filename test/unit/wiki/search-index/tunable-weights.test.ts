import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { coordinateAscent } from "../../../../bench/answer-quality/fit-ascent.js";
import {
  applySetting,
  describeChanges,
  discoverWeights,
  readSetting,
  selectWeights,
} from "../../../../bench/answer-quality/fit-params.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";
import { DEFAULT_SETTINGS, rankingSettings } from "../../../../src/wiki/search-index/settings.js";
import { loadHandbookPages } from "../../../helpers/memory-wiki.js";

/**
 * The fitting harness of bench/answer-quality changes the ranking's weights at run time, in a
 * settings object of its own handed to the index: the engine must read them at search time, the
 * harness must find them all and put them back, and the product's defaults are never written.
 */
describe("ranking weights changed at run time", () => {
  const settings = rankingSettings();
  const weights = discoverWeights(settings);
  const defaults = readSetting(weights);
  const SEARCH = settings.search;
  let index: SearchIndex;
  /** An index on the product's defaults, beside the one whose settings the harness changes. */
  let untouched: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex({ settings });
    await index.build(await loadHandbookPages(), { concurrency: 4 });
    untouched = createSearchIndex();
    await untouched.build(await loadHandbookPages(), { concurrency: 4 });
  });
  afterEach(() => applySetting(weights, defaults));

  const ranking = (question: string, on = index) =>
    on.search(question, { limit: 10 }).map((r) => `${r.page.path} ${r.score.toFixed(6)}`);

  it("refuses the frozen defaults, and changing its own copy leaves the defaults and other indexes alone", () => {
    expect(() => discoverWeights(DEFAULT_SETTINGS)).toThrow(/rankingSettings/);
    expect(Object.isFrozen(DEFAULT_SETTINGS.search.bm25)).toBe(true);
    const question = "how do I undo the last git commit";
    const before = ranking(question, untouched);
    applySetting(weights, { ...defaults, "RANKING.pageWeight": defaults["RANKING.pageWeight"]! * 3 });
    expect(ranking(question)).not.toEqual(ranking(question, untouched));
    expect(ranking(question, untouched)).toEqual(before);
    expect(DEFAULT_SETTINGS.ranking.pageWeight).toBe(defaults["RANKING.pageWeight"]);
  });

  it("finds the weights of every constant object, but not cut-offs or sizes", () => {
    const names = weights.map((w) => w.name);
    for (const name of [
      "RANKING.pageWeight",
      "RANKING.followerWeights[2]",
      "SEARCH.bm25.k",
      "SEARCH.pageBoosts[2]",
      "SEARCH.passageBoosts[0]",
      "SEARCH.expansion.typoWeight",
      "SEARCH.spelling.weight",
      "QUERY_WEIGHTS.synonym",
      "QUERY_WEIGHTS.joined",
      "ANCHORS.weight",
      "SECTION_WORDS.preference",
    ])
      expect(names).toContain(name);
    for (const name of [
      "RANKING.rescored",
      "RANKING.passagesKept",
      "SEARCH.spelling.from",
      "ANCHORS.maxTerms",
    ])
      expect(names).not.toContain(name);
    expect(defaults["SEARCH.pageBoosts[2]"]).toBe(SEARCH.pageBoosts[2]);
  });

  it("every weight takes effect at the next search, and putting it back restores the ranking", () => {
    const question = "how do I undo the last git commit";
    const before = ranking(question);
    for (const name of ["RANKING.pageWeight", "SEARCH.bm25.k", "SEARCH.pageBoosts[2]", "RANKING.phrase"]) {
      applySetting(weights, { ...defaults, [name]: defaults[name]! * 2 });
      expect(ranking(question), name).not.toEqual(before);
      applySetting(weights, defaults);
      expect(ranking(question), name).toEqual(before);
    }
  });

  it("replaces the expansion options rather than changing them (their expansions are remembered)", () => {
    const options = SEARCH.expansion;
    const before = ranking("postmortm templat");
    applySetting(weights, { ...defaults, "SEARCH.expansion.typoWeight": 0.6 });
    expect(SEARCH.expansion).not.toBe(options);
    expect(options.typoWeight).toBe(defaults["SEARCH.expansion.typoWeight"]);
    expect(ranking("postmortm templat")).not.toEqual(before);
    applySetting(weights, defaults);
    expect(ranking("postmortm templat")).toEqual(before);
  });

  it("query weights are read at every parse", () => {
    applySetting(weights, { ...defaults, "QUERY_WEIGHTS.joined": 0.35, "QUERY_WEIGHTS.synonym": 0.25 });
    const parsed = parseQuery("shut down the folder", settings.queryWeights);
    expect(parsed.weight.get("shutdown")).toBe(0.35);
    expect(parsed.weight.get("directori")).toBe(0.25);
    applySetting(weights, defaults);
    expect(settings.queryWeights).toEqual({
      synonym: defaults["QUERY_WEIGHTS.synonym"],
      joined: 0.7,
      particle: DEFAULT_SETTINGS.queryWeights.particle,
    });
    expect(parseQuery("shut down the folder").weight.get("shutdown")).toBe(
      DEFAULT_SETTINGS.queryWeights.joined,
    );
  });

  it("selects weights by name or by the object holding them, and says which names exist", () => {
    expect(selectWeights(weights, ["SEARCH.bm25"]).map((w) => w.name)).toEqual([
      "SEARCH.bm25.k",
      "SEARCH.bm25.b",
      "SEARCH.bm25.d",
    ]);
    expect(selectWeights(weights, ["RANKING.phrase"]).map((w) => w.name)).toEqual(["RANKING.phrase"]);
    expect(() => selectWeights(weights, ["RANKING.phras"])).toThrow(/RANKING.pageWeight/);
  });

  it("lists the changed weights by file", () => {
    const after = { ...defaults, "SEARCH.bm25.k": 1.68 };
    expect(describeChanges(defaults, after)).toEqual([
      "src/wiki/search-index/settings.ts (DEFAULT_SETTINGS.search):",
      `  SEARCH.bm25.k: ${defaults["SEARCH.bm25.k"]} → 1.68`,
    ]);
  });

  it("the defaults are those of the source", () => {
    expect(defaults["RANKING.coordination"]).toBe(DEFAULT_SETTINGS.ranking.coordination);
    expect(defaults["SEARCH.bm25.b"]).toBe(DEFAULT_SETTINGS.search.bm25.b);
  });
});

describe("coordinate ascent", () => {
  const options = { passes: 5, factors: [0.5, 0.7, 1.4, 2], maxEvals: 1000, minGain: 0 };
  const box = (names: string[]) => {
    const values: Record<string, number> = {};
    return names.map((name) => ({
      name,
      max: name === "b" ? 1 : Number.POSITIVE_INFINITY,
      get: () => values[name]!,
      set: (v: number) => (values[name] = v),
    }));
  };

  it("climbs each weight towards the optimum, within bounds, and reports its moves", () => {
    // Best at a = 4, b = 1 (its bound), c = 0 (switched off, stays off).
    const score = (s: Record<string, number>) => ({
      objective: -((s.a! - 4) ** 2) + s.b! - s.c!,
      allowed: true,
    });
    const result = coordinateAscent(box(["a", "b", "c"]), { a: 1, b: 0.75, c: 0 }, score, options);
    expect(result.setting).toEqual({ a: 4, b: 1, c: 0 });
    expect(result.moves[0]).toMatch(/^a 1 → 2 /);
    expect(result.capped).toBe(false);
  });

  it("keeps no move that breaks the constraint, and stops at the evaluation cap", () => {
    const score = (s: Record<string, number>) => ({ objective: s.a!, allowed: s.a! <= 3 });
    expect(coordinateAscent(box(["a"]), { a: 1 }, score, options).setting.a).toBe(2.8);
    const capped = coordinateAscent(box(["a"]), { a: 1 }, score, { ...options, maxEvals: 3 });
    expect(capped.evals).toBe(3);
    expect(capped.capped).toBe(true);
  });

  it("is deterministic", () => {
    const score = (s: Record<string, number>) => ({
      objective: Math.sin(s.a!) + Math.cos(s.b!),
      allowed: true,
    });
    const run = () => coordinateAscent(box(["a", "b"]), { a: 1, b: 1 }, score, options);
    expect(run()).toEqual(run());
  });
});
