import { openSync } from "node:fs";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { createPassageFile, PassageFileError } from "../../../../src/wiki/search-index/passage-file.js";
import { createSearchIndex, type SearchIndex, updateIndex } from "../../../../src/wiki/search-index/index.js";
import { loadHandbookPages, type MemoryWiki } from "../../../helpers/memory-wiki.js";
import { QUESTIONS, shown } from "./fixtures.js";

describe("passage text read from the loaded index file", () => {
  let dir: string;
  let file: string;
  let wiki: MemoryWiki;
  let built: SearchIndex;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "index-text-"));
    file = join(dir, "index", "search.idx");
    wiki = await loadHandbookPages();
    built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("shows the same passages as the built index, read when asked", async () => {
    const loaded = createSearchIndex();
    expect(await loaded.load(file)).toBe(true);
    for (const q of QUESTIONS) expect(shown(loaded, q), q).toEqual(shown(built, q));
    const first = built.pages()[0]!;
    expect(loaded.opening(first.id)).toEqual(built.opening(first.id));
  });

  it("keeps reading the file it loaded when a save replaces it (rename)", async () => {
    const loaded = createSearchIndex();
    await loaded.load(file);
    const before = QUESTIONS.map((q) => shown(loaded, q));
    // Another index saved over the same path: the loaded one still reads its own file.
    const other = createSearchIndex();
    await other.build(await loadHandbookPages());
    other.upsertPage(wiki.add({ path: "ops/zebra", title: "Zebra crossing", content: "Zebra roads." }));
    await other.save(file);
    expect(QUESTIONS.map((q) => shown(loaded, q))).toEqual(before);
    expect(loaded.ready).toBe(true);
  });

  it("a file cut short in place: a named error is logged, the index dropped and rebuilt, no throw", async () => {
    const { logger, lines } = createMemoryLogger();
    const loaded = createSearchIndex({ logger });
    await loaded.load(file);
    // Taken first: the built index too reads its text from the file it saved.
    const expected = shown(built, "vacation days");
    await truncate(file, 0);
    expect(loaded.search("vacation days")).toEqual([]);
    expect(loaded.ready).toBe(false);
    const line = lines().find((l) => l.code === "index-file-unreadable");
    expect(line?.remedy).toMatch(/rebuilt from the wiki/);
    expect(String(line?.detail)).toContain(file);
    // The next update builds it again from the wiki (and saves a whole file).
    const update = await updateIndex(loaded, wiki, file);
    expect(update.built).toBe(true);
    expect(shown(loaded, "vacation days")).toEqual(expected);
  });

  it("a refresh that meets an unreadable file rebuilds the index from the wiki", async () => {
    const { logger, lines } = createMemoryLogger();
    const loaded = createSearchIndex({ logger });
    await loaded.load(file);
    const changed = [...wiki.pages.values()].find((p) => p.path === "handbook/people/holidays")!;
    changed.content = `${changed.content}\n\nQuokka days are extra days off.`;
    changed.updatedAt = new Date(Date.parse(changed.updatedAt) + 60_000).toISOString();
    await writeFile(file, "not an index any more");
    await loaded.refresh(wiki);
    expect(lines().some((l) => l.code === "index-file-unreadable")).toBe(true);
    expect(loaded.ready).toBe(true);
    expect(loaded.search("quokka days")[0]?.page.path).toBe("handbook/people/holidays");
  });

  it("pages put after the load keep their text in memory", async () => {
    const loaded = createSearchIndex();
    await loaded.load(file);
    const page = wiki.add({
      path: "ops/quokka",
      title: "Quokka feeding",
      content: "# Quokka feeding\n\nFeed the quokka leaves at noon.",
    });
    loaded.upsertPage(page);
    await truncate(file, 0);
    const found = loaded.search("quokka");
    expect(found[0]?.page.path).toBe("ops/quokka");
    expect(found[0]?.passages[0]?.markdown).toContain("quokka leaves");
    expect(loaded.opening(page.id)?.markdown).toContain("quokka leaves");
  });

  it("a loaded index saved again writes every page's text into the new file", async () => {
    const loaded = createSearchIndex();
    await loaded.load(file);
    const copy = join(dir, "copy.idx");
    await loaded.save(copy);
    const again = createSearchIndex();
    expect(await again.load(copy)).toBe(true);
    for (const q of QUESTIONS) expect(shown(again, q), q).toEqual(shown(built, q));
  });
});

describe("createPassageFile", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "passage-file-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("reads exact ranges, and throws PassageFileError after close or on a short read", async () => {
    const path = join(dir, "f");
    await writeFile(path, "0123456789");
    const file = createPassageFile(openSync(path, "r"), path);
    expect(Buffer.from(file.read(2, 3)).toString()).toBe("234");
    expect(file.read(10, 0).length).toBe(0);
    expect(() => file.read(8, 5)).toThrow(PassageFileError);
    await writeFile(path, "01234");
    expect(() => file.read(4, 2)).toThrow(/1 of 2 bytes at 4/);
    file.close();
    file.close();
    try {
      file.read(0, 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PassageFileError);
      expect((error as PassageFileError).code).toBe("index-file-unreadable");
    }
  });
});
