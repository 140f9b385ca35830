import { copyFile, mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import type { WikiPage } from "../../../../src/wiki/types.js";
import { Engine } from "../../../../src/wiki/search-index/engine.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { checksumOf } from "../../../../src/wiki/search-index/index-file.js";
import { pageText } from "../../../../src/wiki/search-index/page-entry.js";
import { encodeEngine } from "../../../../src/wiki/search-index/persist.js";
import { moveTextToSaved } from "../../../../src/wiki/search-index/saved-text.js";
import { putPage } from "../../../../src/wiki/search-index/sync.js";
import { loadHandbookPages, type MemoryWiki } from "../../../helpers/memory-wiki.js";
import { answers, openFilesUnder } from "./fixtures.js";

describe("after a save, the pages' text is read from the file written", () => {
  let dir: string;
  let file: string;
  let wiki: MemoryWiki;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "saved-text-"));
    file = join(dir, "index", "search.idx");
    wiki = await loadHandbookPages();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A page of the handbook changed in the wiki (its `updatedAt` moved on). */
  const changed = (path: string, extra: string): WikiPage => {
    const page = [...wiki.pages.values()].find((p) => p.path === path)!;
    page.content = `${page.content}\n\n${extra}`;
    page.updatedAt = new Date(Date.parse(page.updatedAt) + 60_000).toISOString();
    return { ...page };
  };

  it("a loaded index saved again closes the file it loaded and answers the same from the new one", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(file);
    const loaded = createSearchIndex();
    await loaded.load(file);
    const before = answers(loaded);
    const first = built.pages()[0]!;
    const opening = loaded.opening(first.id);
    await built.save(join(dir, "elsewhere.idx"));
    expect(openFilesUnder(dir)).toEqual([join(dir, "elsewhere.idx"), file]);

    await loaded.save(file);
    // One descriptor, on the file now at the path: the replaced one (" (deleted)") is closed.
    expect(openFilesUnder(dir)).toEqual([join(dir, "elsewhere.idx"), file]);
    expect(answers(loaded)).toEqual(before);
    expect(loaded.opening(first.id)).toEqual(opening);
    await loaded.save(file);
    await loaded.save(file);
    expect(openFilesUnder(dir)).toEqual([join(dir, "elsewhere.idx"), file]);
    expect(answers(loaded)).toEqual(before);
  });

  it("a built index lets go of its text once saved: it reads it from the file", async () => {
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    await index.build(wiki);
    const before = answers(index);
    expect(openFilesUnder(dir)).toEqual([]);
    await index.save(file);
    expect(openFilesUnder(dir)).toEqual([file]);
    expect(answers(index)).toEqual(before);
    expect(lines().filter((l) => l.level === "warn" || l.level === 40)).toEqual([]);
    // The text is no longer in memory: a file cut short in place can no longer show it.
    await truncate(file, 0);
    expect(index.search("vacation days")).toEqual([]);
    expect(lines().some((l) => l.code === "index-file-unreadable")).toBe(true);
  });

  it("saves asked for at once run one after the other, each read back without a warning", async () => {
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    await index.build(wiki);
    const before = answers(index);
    await Promise.all([index.save(file), index.save(file), index.save(file)]);
    expect(openFilesUnder(dir)).toEqual([file]);
    expect(lines().filter((l) => l.code === "index-file-not-reopened")).toEqual([]);
    expect(answers(index)).toEqual(before);
  });

  for (const start of ["built", "loaded"] as const) {
    it(`a page changed or removed while the ${start} index is saved keeps its new text, the rest moves`, async () => {
      const index = createSearchIndex();
      if (start === "built") await index.build(wiki);
      else {
        const built = createSearchIndex();
        await built.build(wiki);
        await built.save(join(dir, "built.idx"));
        await mkdir(join(dir, "index"));
        await copyFile(join(dir, "built.idx"), file);
        await index.load(file);
      }
      const holidays = changed("handbook/people/holidays", "Quokka days are two extra days off in May.");
      const gone = index.pages().find((p) => p.path === "handbook/engineering/on-call")!;
      const kept = index.pages().find((p) => p.path !== holidays.path && p.id !== gone.id)!;

      const saving = index.save(file); // the pages are encoded now, as they are
      index.upsertPage(holidays);
      index.removePage(gone.id);
      await saving;

      expect(
        index
          .search("quokka days")[0]
          ?.passages.map((p) => p.markdown)
          .join("\n"),
      ).toContain("Quokka days are two extra days off");
      expect(index.opening(gone.id)).toBeUndefined();
      expect(openFilesUnder(join(dir, "index"))).toEqual([file]);
      // The file holds the pages as they were encoded: before the change.
      const reread = createSearchIndex();
      await reread.load(file);
      expect(reread.search("quokka")).toEqual([]);
      expect(reread.opening(gone.id)).toBeDefined();
      // With the file cut short, the changed page still shows its text (memory); a page that
      // did not change reads the file (so the index is then dropped as unreadable).
      const opening = index.opening(holidays.id);
      await truncate(file, 0);
      expect(opening?.markdown).toBeDefined();
      expect(index.opening(holidays.id)).toEqual(opening);
      expect(index.opening(kept.id)).toBeUndefined();
      expect(index.ready).toBe(false);
    });
  }
});

describe("moveTextToSaved: the file is checked before any page moves to it", () => {
  let dir: string;
  let file: string;
  let engine: Engine;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "saved-text-check-"));
    file = join(dir, "search.idx");
    engine = new Engine();
    for (const page of (await loadHandbookPages()).pages.values()) putPage(engine, page);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Each page's text where the engine holds it: in memory (bytes) or in a file. */
  const inMemory = () => [...engine.pages.values()].map((e) => e.text instanceof Uint8Array);

  it("moves every page when the file is the one written, and the text read there is the same", async () => {
    const texts = [...engine.pages.values()].map((e) => Buffer.from(pageText(e)).toString());
    const { bytes, order } = encodeEngine(engine, undefined);
    await writeFile(file, bytes);
    expect(await moveTextToSaved(engine, file, checksumOf(bytes), order)).toEqual({
      ok: true,
      moved: order.length,
    });
    expect(inMemory().every((m) => !m)).toBe(true);
    expect([...engine.pages.values()].map((e) => Buffer.from(pageText(e)).toString())).toEqual(texts);
    expect(openFilesUnder(dir)).toEqual([file]);
    engine.close();
    expect(openFilesUnder(dir)).toEqual([]);
  });

  it("refuses another file, a damaged file, a missing file, and pages that do not match it", async () => {
    const { bytes, order } = encodeEngine(engine, undefined);
    const refused = async (checksum: number, pages = order) => {
      const move = await moveTextToSaved(engine, file, checksum, pages);
      expect(move.ok).toBe(false);
      expect(inMemory().every((m) => m)).toBe(true);
      expect(openFilesUnder(dir)).toEqual([]);
      return move.ok ? "" : move.detail;
    };
    expect(await refused(checksumOf(bytes))).toMatch(/not opened: .*ENOENT/);
    await writeFile(file, bytes);
    expect(await refused(checksumOf(bytes) ^ 1)).toMatch(/not the file written/);
    const reversed = [...order].reverse();
    expect(await refused(checksumOf(bytes), reversed)).toMatch(/does not match its length/);
    expect(await refused(checksumOf(bytes), order.slice(1))).toMatch(/does not match the pages written/);
    await writeFile(file, bytes.subarray(0, bytes.length - 8));
    expect(await refused(checksumOf(bytes))).toMatch(/^corrupt: /);
  });

  it("a closed (replaced) engine moves nothing and keeps no file open", async () => {
    const { bytes, order } = encodeEngine(engine, undefined);
    await writeFile(file, bytes);
    engine.close();
    expect(await moveTextToSaved(engine, file, checksumOf(bytes), order)).toEqual({ ok: true, moved: 0 });
    expect(openFilesUnder(dir)).toEqual([]);
  });
});
