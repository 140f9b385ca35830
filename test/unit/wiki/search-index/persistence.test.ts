import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { loadHandbookPages, type MemoryWiki } from "../../../helpers/memory-wiki.js";

describe("save and load", () => {
  let dir: string;
  let file: string;
  let wiki: MemoryWiki;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "index-"));
    file = join(dir, "index", "search.json");
    wiki = await loadHandbookPages();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("round-trips: the loaded index answers like the built one, without asking the wiki", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);

    const loaded = createSearchIndex();
    expect(loaded.ready).toBe(false);
    const before = { ...wiki.calls };
    expect(await loaded.load(file)).toBe(true);
    expect(loaded.ready).toBe(true);
    expect(wiki.calls).toEqual(before);
    expect(loaded.stats()).toEqual(built.stats());
    for (const q of ["undo the last git commit", "vacation days", "who is on call", "café menu"]) {
      expect(built.search(q).length, q).toBeGreaterThan(0);
      expect(loaded.search(q).map((r) => [r.page.path, r.score, r.passages.map((p) => p.markdown)])).toEqual(
        built.search(q).map((r) => [r.page.path, r.score, r.passages.map((p) => p.markdown)]),
      );
    }
  });

  it("keeps working after load: upsert and refresh change the loaded index", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    const loaded = createSearchIndex();
    await loaded.load(file);
    const page = wiki.add({
      path: "ops/zebra",
      title: "Zebra crossing",
      content: "How to cross a zebra road.",
    });
    expect(await loaded.refresh(wiki)).toEqual({ changed: 1, removed: 0 });
    expect(loaded.search("zebra crossing")[0]?.page.id).toBe(page.id);
  });

  it("a corrupt file is refused with a log line, and the index stays unready", async () => {
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.slice(0, text.length / 2));
    expect(await index.load(file)).toBe(false);
    expect(index.ready).toBe(false);
    expect(index.search("vacation")).toEqual([]);
    const warning = lines().find((l) => l.code === "index-file-corrupt");
    expect(warning?.remedy).toMatch(/rebuilt/);
  });

  it("refuses another format version, JSON that is not an index, and a missing file", async () => {
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    const saved = JSON.parse(await readFile(file, "utf8"));
    await writeFile(file, JSON.stringify({ ...saved, version: 1 }));
    expect(await index.load(file)).toBe(false);
    expect(lines().some((l) => l.code === "index-file-old-version")).toBe(true);
    await writeFile(file, JSON.stringify({ hello: "world" }));
    expect(await index.load(file)).toBe(false);
    await writeFile(file, JSON.stringify({ ...saved, pages: saved.pages.slice(1) }));
    expect(await index.load(file)).toBe(false);
    expect(await index.load(join(dir, "nope.json"))).toBe(false);
    expect(index.ready).toBe(false);
  });

  it("writes atomically: no temporary file is left beside it", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    await built.save(file);
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(join(dir, "index"))).toEqual(["search.json"]);
  });
});
