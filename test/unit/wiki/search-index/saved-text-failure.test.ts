import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { loadHandbookPages, type MemoryWiki } from "../../../helpers/memory-wiki.js";
import { answers, openFilesUnder } from "./fixtures.js";

/** While set, opening a saved index file fails as when the process has no descriptor left. */
const opening = vi.hoisted(() => ({ fails: false }));

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const open = (...args: unknown[]) => {
    if (opening.fails && String(args[0]).endsWith(".idx")) {
      const callback = args[args.length - 1] as (error: Error) => void;
      const error = Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
      process.nextTick(callback, error);
      return;
    }
    return (actual.open as (...a: unknown[]) => void)(...args);
  };
  return { ...actual, open, default: { ...actual, open } };
});

describe("a save whose file cannot be read back keeps serving from where the text was", () => {
  let dir: string;
  let file: string;
  let wiki: MemoryWiki;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "saved-text-failure-"));
    file = join(dir, "search.idx");
    wiki = await loadHandbookPages();
    opening.fails = false;
  });
  afterEach(async () => {
    opening.fails = false;
    await rm(dir, { recursive: true, force: true });
  });

  it("a built index keeps its text in memory; the failure is logged once, and again after a success", async () => {
    const { logger, lines } = createMemoryLogger();
    const warnings = () => lines().filter((l) => l.code === "index-file-not-reopened");
    const index = createSearchIndex({ logger });
    await index.build(wiki);
    const before = answers(index);

    opening.fails = true;
    await index.save(file);
    await index.save(file);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ file, detail: expect.stringContaining("EMFILE") });
    expect(String(warnings()[0]!.remedy)).toMatch(/none needed/);
    expect(openFilesUnder(dir)).toEqual([]);
    expect(answers(index)).toEqual(before);

    opening.fails = false;
    await index.save(file);
    expect(openFilesUnder(dir)).toEqual([file]);
    expect(answers(index)).toEqual(before);
    opening.fails = true;
    await index.save(file);
    expect(warnings()).toHaveLength(2);
    expect(answers(index)).toEqual(before);
  });

  it("a loaded index keeps reading the file it loaded", async () => {
    const built = createSearchIndex();
    await built.build(wiki);
    await built.save(join(dir, "built.idx"));
    await copyFile(join(dir, "built.idx"), file);
    const { logger, lines } = createMemoryLogger();
    const index = createSearchIndex({ logger });
    expect(await index.load(file)).toBe(true);
    const before = answers(index);

    opening.fails = true;
    await index.save(file);
    expect(lines().filter((l) => l.code === "index-file-not-reopened")).toHaveLength(1);
    // The loaded file, replaced at its path by the save, is still open and still read.
    expect(openFilesUnder(dir)).toEqual([join(dir, "built.idx"), `${file} (deleted)`]);
    expect(answers(index)).toEqual(before);
    expect(index.ready).toBe(true);
  });
});
