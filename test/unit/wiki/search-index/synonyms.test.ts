import { describe, expect, it } from "vitest";
import { processTerm } from "../../../../src/wiki/search-index/analyzer.js";
import { synonymsOf } from "../../../../src/wiki/search-index/synonyms.js";

const synonyms = (word: string) => synonymsOf(processTerm(word)!);

describe("the synonym list", () => {
  it("holds general vocabulary groups", () => {
    expect(synonyms("folder")).toEqual(expect.arrayContaining([processTerm("directory")]));
    expect(synonyms("delete")).toEqual(expect.arrayContaining([processTerm("remove")]));
    expect(synonyms("mac")).toEqual(expect.arrayContaining([processTerm("osx")]));
  });

  it("holds no pairs tied to one page's wording", () => {
    for (const word of [
      "size",
      "usage",
      "reachable",
      "alive",
      "clipboard",
      "pasteboard",
      "journal",
      "suspend",
      "failure",
    ])
      expect(synonyms(word)).toEqual([]);
  });
});
