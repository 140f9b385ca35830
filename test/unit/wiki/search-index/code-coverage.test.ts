import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

describe("words found only in code", () => {
  it("count half for coverage: the page whose own words say the question wins", async () => {
    const index = createSearchIndex();
    await index.build(
      createMemoryWiki([
        {
          path: "tools/col",
          title: "col",
          description: "Filter out reverse line feeds.",
          content: "- Filter the output of a command:\n\n`cat path/to/file | col -b`",
        },
        {
          path: "tools/shelter",
          title: "shelter",
          description: "Reports of the animal shelter.",
          content: "- Print how often each cat was fed:\n\n`shelter report --fed`",
        },
      ]),
    );
    const ranked = index.search("cat output");
    expect(ranked[0]!.page.path).toBe("tools/col");
    const byPath = Object.fromEntries(ranked.map((r) => [r.page.path, r.coverage]));
    // col says "output" and has "cat" only in its code; shelter says "cat" and not "output".
    expect(byPath["tools/col"]).toBe(0.75);
    expect(byPath["tools/shelter"]).toBe(0.5);
  });
});
