import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { Vocabulary } from "../../../../src/wiki/search-index/term-expansion.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

describe("vocabulary: terms a given number of edits away", () => {
  const vocabulary = new Vocabulary(
    ["extract", "extracts", "contract", "abstract", "tar", "exact"].map((term, id) => ({ term, id })),
  );
  const names = (ids: readonly number[]) =>
    ids.map((id) => ["extract", "extracts", "contract", "abstract", "tar", "exact"][id]);

  it("finds the terms exactly one edit away, never the word itself", () => {
    expect(names(vocabulary.nearby("extrakt", 1))).toEqual(["extract"]);
    expect(names(vocabulary.nearby("extract", 1)).sort()).toEqual(["extracts"]);
    expect(names(vocabulary.nearby("exract", 1)).sort()).toEqual(["exact", "extract"]);
    expect(vocabulary.nearby("zzzzzzz", 1)).toEqual([]);
  });

  it("remembers a word's respellings per distance (the page and the passage search ask for the same word)", () => {
    const once = vocabulary.nearby("exract", 1);
    expect(vocabulary.nearby("exract", 1)).toBe(once);
    expect(names(vocabulary.nearby("exract", 2)).sort()).toEqual(["extracts"]);
  });
});

describe("spelling in the search", () => {
  const pages = [
    {
      path: "tools/tar",
      title: "tar",
      description: "Archiving utility.",
      content: "- Extract a compressed archive into the current folder:\n\n`tar xf path/to/archive.tgz`",
    },
    {
      path: "tools/unzip",
      title: "unzip",
      description: "Extract files from a ZIP archive.",
      content: "- List the files of an archive:\n\n`unzip -l path/to/archive.zip`",
    },
    {
      path: "tools/gzip",
      title: "gzip",
      description: "Compress or decompress files.",
      content: "- Compress a file, replacing it:\n\n`gzip path/to/file`",
    },
  ];

  it("reads a question word no page holds as the words one edit away, in passages too", async () => {
    const index = createSearchIndex();
    await index.build(createMemoryWiki(pages));
    // "extrakt" is in no page; "extract" is in tar's passage and unzip's description.
    const found = index.search("extrakt a compressed archive").map((r) => r.page.path);
    expect(found[0]).toBe("tools/tar");
    expect(found).toContain("tools/unzip");
    expect(index.search("extrakt")[0]!.coverage).toBe(1);
  });

  it("respells words of five characters or more only", async () => {
    const index = createSearchIndex();
    await index.build(createMemoryWiki(pages));
    expect(index.search("unzipp").map((r) => r.page.path)).toEqual(["tools/unzip"]);
    expect(index.search("gzipp")[0]?.page.path).toBe("tools/gzip");
    expect(index.search("tarr")).toEqual([]);
  });
});
