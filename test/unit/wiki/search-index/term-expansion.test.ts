import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../../src/wiki/search-index/settings.js";

const SEARCH = DEFAULT_SETTINGS.search;
import {
  boundedDistance,
  EXPANSION_MEMO_WORDS,
  Vocabulary,
} from "../../../../src/wiki/search-index/term-expansion.js";

/** Plain Levenshtein distance, the reference. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
  return d[a.length]![b.length]!;
}

const TERMS = [
  "config",
  "configur",
  "configuration",
  "permiss",
  "permission",
  "docker",
  "dockerfil",
  "contain",
  "container",
  "list",
  "listen",
];
const vocabulary = () => new Vocabulary(TERMS.map((term, id) => ({ term, id })));

describe("boundedDistance", () => {
  it("is the Levenshtein distance when that is at most max, else above max (any lengths, rows reused)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 90 }),
        fc.string({ maxLength: 90 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, max) => {
          const exact = distance(a, b);
          const bounded = boundedDistance(a, b, max);
          if (exact <= max) expect(bounded).toBe(exact);
          else expect(bounded).toBeGreaterThan(max);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("Vocabulary.expand", () => {
  it("finds prefix and typo matches", () => {
    const ids = vocabulary()
      .expand("permision", SEARCH.expansion)
      .map((e) => TERMS[e.id]);
    expect(ids).toContain("permission");
    expect(
      vocabulary()
        .expand("config", SEARCH.expansion)
        .map((e) => TERMS[e.id]),
    ).toEqual(expect.arrayContaining(["configur", "configuration"]));
  });

  it("answers a repeated word from its memo with the same matches as a fresh vocabulary", () => {
    const v = vocabulary();
    const words = ["config", "permision", "dockr", "containr", "listen", "config"];
    for (let round = 0; round < 3; round++)
      for (const word of words)
        expect(v.expand(word, SEARCH.expansion)).toEqual(vocabulary().expand(word, SEARCH.expansion));
    expect(v.expand("config", SEARCH.expansion)).toBe(v.expand("config", SEARCH.expansion));
  });

  it("does not mix the results of other options, and stays bounded", () => {
    const v = vocabulary();
    const strict = { ...SEARCH.expansion, prefixFrom: 100, typoFrom: 100 };
    expect(v.expand("config", SEARCH.expansion).length).toBeGreaterThan(0);
    expect(v.expand("config", strict)).toEqual([]);
    expect(v.expand("config", SEARCH.expansion).length).toBeGreaterThan(0);
    for (let i = 0; i < EXPANSION_MEMO_WORDS + 10; i++) v.expand(`word${i}`, SEARCH.expansion);
    expect((v as unknown as { memo: Map<string, unknown> }).memo.size).toBeLessThanOrEqual(
      EXPANSION_MEMO_WORDS,
    );
    expect(v.expand("permision", SEARCH.expansion).map((e) => TERMS[e.id])).toContain("permission");
  });
});
