import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { createSearchIndex, loadSavedIndex, updateIndex } from "../../../../src/wiki/search-index/index.js";
import { loadHandbookPages, type MemoryWiki } from "../../../helpers/memory-wiki.js";

describe("save and load", () => {
  let dir: string;
  let file: string;
  let wiki: MemoryWiki;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "index-"));
    file = join(dir, "index", "search.idx");
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

  /** Saves the handbook index and returns its bytes. */
  async function savedBytes(): Promise<Buffer> {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    return readFile(file);
  }

  /** Loads `bytes` into a fresh index: false, unready, and the log line's code. */
  async function refused(bytes: Buffer | string, code: string): Promise<void> {
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    await writeFile(file, bytes);
    expect(await index.load(file)).toBe(false);
    expect(index.ready).toBe(false);
    expect(index.search("vacation")).toEqual([]);
    const warning = lines().find((l) => l.code === code);
    expect(warning?.remedy, code).toMatch(/rebuilt/);
  }

  it("a truncated file is refused with a log line, and the index stays unready", async () => {
    const bytes = await savedBytes();
    await refused(bytes.subarray(0, Math.floor(bytes.length / 2)), "index-file-corrupt");
    await refused(bytes.subarray(0, 10), "index-file-corrupt");
  });

  it("a file whose bytes changed fails its checksum and is refused", async () => {
    const bytes = await savedBytes();
    for (const at of [40, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] = altered[at]! ^ 0xff;
      await refused(altered, "index-file-corrupt");
    }
  });

  it("refuses another format version, a foreign file, and a missing file", async () => {
    const bytes = await savedBytes();
    const older = Buffer.from(bytes);
    older.writeUInt32LE(older.readUInt32LE(8) - 1, 8);
    await refused(older, "index-file-old-version");
    await refused(
      JSON.stringify({ format: "wiki-gateway-search-index", version: 301 }),
      "index-file-corrupt",
    );
    await refused(Buffer.alloc(4096), "index-file-corrupt");
    const index = createSearchIndex();
    expect(await index.load(join(dir, "nope.idx"))).toBe(false);
    expect(index.ready).toBe(false);
  });

  it("a refused file is rebuilt from the wiki and saved again", async () => {
    const bytes = await savedBytes();
    await writeFile(file, bytes.subarray(0, bytes.length - 8));
    const index = createSearchIndex();
    expect(await loadSavedIndex(index, file)).toBe(false);
    const update = await updateIndex(index, wiki, file);
    expect(update.built).toBe(true);
    expect((await readFile(file)).equals(bytes)).toBe(false);
    const again = createSearchIndex();
    expect(await again.load(file)).toBe(true);
    expect(again.search("vacation days")[0]?.page.path).toBe("handbook/people/holidays");
  });

  it("writes atomically: no temporary file is left beside it", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    await built.save(file);
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(join(dir, "index"))).toEqual(["search.idx"]);
  });
});
