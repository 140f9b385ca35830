import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../../../src/wiki/search-index/engine.js";
import { passageCount } from "../../../../src/wiki/search-index/page-entry.js";
import { encodeEngine, loadEngine } from "../../../../src/wiki/search-index/persist.js";
import { SavedPageEntry } from "../../../../src/wiki/search-index/saved-pages.js";
import { fetchInto } from "../../../../src/wiki/search-index/sync.js";
import { TermDictionary } from "../../../../src/wiki/search-index/term-dictionary.js";
import { loadHandbookPages } from "../../../helpers/memory-wiki.js";

describe("pages read from a saved index", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "saved-pages-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("hold the built pages' arrays, each read from the file's sections when first asked", async () => {
    const wiki = await loadHandbookPages();
    const built = new Engine();
    await fetchInto(built, wiki, await wiki.listPages(), { concurrency: 1 });
    const file = join(dir, "search.idx");
    await writeFile(file, encodeEngine(built, undefined).bytes);
    const outcome = await loadEngine(file);
    if (!outcome.ok) throw new Error(outcome.detail);
    const loaded = outcome.engine;
    try {
      expect(loaded.pages.size).toBe(built.pages.size);
      for (const [id, page] of built.pages) {
        const read = loaded.pages.get(id)!;
        expect(read).toBeInstanceOf(SavedPageEntry);
        expect(read.meta).toEqual(page.meta);
        expect(passageCount(read)).toBe(passageCount(page));
        expect([...read.pageDoc]).toEqual([...page.pageDoc]);
        expect([...read.passageDocs]).toEqual([...page.passageDocs]);
        expect([...read.passageStarts]).toEqual([...page.passageStarts]);
        expect([...read.textEnds]).toEqual([...page.textEnds]);
        expect(read.anchors.keys).toEqual(page.anchors.keys);
        expect([...read.anchors.docs]).toEqual([...page.anchors.docs]);
        // Made once, then kept: the same view every time.
        expect(read.pageDoc).toBe(read.pageDoc);
        expect(loaded.passage(read, 0)).toEqual(built.passage(page, 0));
      }
    } finally {
      loaded.close();
    }
  });
});

describe("the dictionary's term order", () => {
  it("lists every id in the order of its term, and again after a term is added", () => {
    const dict = new TermDictionary(["tar", "git", "zip", "gzip"]);
    expect([...dict.sortedIds()].map((id) => dict.term(id))).toEqual(["git", "gzip", "tar", "zip"]);
    dict.id("bzip");
    expect([...dict.sortedIds()].map((id) => dict.term(id))).toEqual(["bzip", "git", "gzip", "tar", "zip"]);
  });

  it("takes a saved order only when it is every id once, sorted by term (else the file is corrupt)", () => {
    const terms = ["tar", "git", "zip"];
    expect([...new TermDictionary(terms, Uint32Array.of(1, 0, 2)).sortedIds()]).toEqual([1, 0, 2]);
    for (const order of [
      [0, 1, 2],
      [1, 1, 2],
      [1, 0],
      [1, 0, 3],
    ])
      expect(() => new TermDictionary(terms, Uint32Array.from(order)), order.join()).toThrow(RangeError);
  });
});
