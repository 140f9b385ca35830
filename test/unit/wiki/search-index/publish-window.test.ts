import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { createMemoryWiki, type SeedPage } from "../../../helpers/memory-wiki.js";

const START = "2030-01-01T00:00:00.000Z";
const END = "2031-01-01T00:00:00.000Z";
const seed: SeedPage[] = [
  {
    path: "news/merger",
    title: "Merger",
    content: "# Merger\n\nWe merge with Penguin Corp. Embargoed until then.",
    publishStartDate: START,
    publishEndDate: END,
  },
  { path: "news/canteen", title: "Canteen", content: "# Canteen\n\nThe canteen serves penguin cookies." },
];

/** An index of `seed` built from a memory wiki, judged at the time `clock.at` holds. */
async function built(at: string) {
  const clock = { at: Date.parse(at) };
  const wiki = createMemoryWiki(seed);
  const index = createSearchIndex({ now: () => clock.at });
  await index.build(wiki);
  const merger = [...wiki.pages.values()].find((p) => p.path === "news/merger")!;
  return { clock, wiki, index, merger };
}

const paths = (index: ReturnType<typeof createSearchIndex>, query: string, section?: string) =>
  index.search(query, section === undefined ? {} : { section }).map((r) => r.page.path);

describe("publication windows in the search index", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("a page before its start is indexed but neither found, listed nor quoted", async () => {
    const { index, merger } = await built("2029-06-01T00:00:00.000Z");
    expect(index.stats().pages).toBe(2);
    expect(paths(index, "merger penguin corp")).not.toContain("news/merger");
    expect(paths(index, "merger penguin corp", "news")).not.toContain("news/merger");
    expect(paths(index, "penguin")).toEqual(["news/canteen"]);
    expect(index.pages().map((p) => p.path)).toEqual(["news/canteen"]);
    expect(index.opening(merger.id)).toBeUndefined();
    expect(index.indexedPage(merger.id)).toMatchObject({ publishStartDate: START, publishEndDate: END });
  });

  it("the page shows when its start passes and goes at its end, with no refresh and no read", async () => {
    const { clock, wiki, index, merger } = await built("2029-12-31T23:59:59.999Z");
    const reads = wiki.calls.getPage;
    const epoch = index.visibility();
    expect(paths(index, "merger penguin corp")).not.toContain("news/merger");
    clock.at = Date.parse(START); // bounds are inclusive, as in Wiki.js
    expect(paths(index, "merger penguin corp")[0]).toBe("news/merger");
    expect(paths(index, "merger penguin corp", "news")[0]).toBe("news/merger");
    expect(index.pages().map((p) => p.path)).toContain("news/merger");
    expect(index.opening(merger.id)?.markdown).toMatch(/Penguin Corp/);
    expect(index.visibility()).toBeGreaterThan(epoch);
    clock.at = Date.parse(END);
    expect(paths(index, "merger penguin corp")[0]).toBe("news/merger");
    clock.at = Date.parse(END) + 1;
    expect(paths(index, "merger penguin corp")).not.toContain("news/merger");
    expect(index.pages().map((p) => p.path)).toEqual(["news/canteen"]);
    expect(await index.refresh(wiki)).toEqual({ changed: 0, removed: 0 });
    expect(wiki.calls.getPage).toBe(reads);
  });

  it("a window set or cleared in the wiki is taken by the refresh (the page's updatedAt moves)", async () => {
    const { clock, wiki, index, merger } = await built("2029-06-01T00:00:00.000Z");
    wiki.pages.set(merger.id, {
      ...merger,
      publishStartDate: "",
      publishEndDate: "",
      updatedAt: "2029-06-01T00:00:00.000Z",
    });
    await index.refresh(wiki);
    expect(paths(index, "merger penguin corp")[0]).toBe("news/merger");
    expect(index.indexedPage(merger.id)?.publishStartDate).toBeUndefined();
    clock.at = Date.parse("2040-01-01T00:00:00.000Z");
    expect(paths(index, "merger penguin corp")[0]).toBe("news/merger");
  });

  it("the gateway's own edit of a scheduled page keeps it hidden", async () => {
    const { wiki, index, merger } = await built("2029-06-01T00:00:00.000Z");
    index.upsertPage({ ...(await wiki.getPage(merger.id)), content: "# Merger\n\nFixed a typo, penguin." });
    expect(paths(index, "merger penguin")).not.toContain("news/merger");
  });

  it("the window is saved with the index: a loaded index hides the page too", async () => {
    const { clock, index, merger } = await built("2029-06-01T00:00:00.000Z");
    dir = await mkdtemp(join(tmpdir(), "index-window-"));
    const file = join(dir, "search.idx");
    await index.save(file);
    const loaded = createSearchIndex({ now: () => clock.at });
    expect(await loaded.load(file)).toBe(true);
    expect(loaded.indexedPage(merger.id)).toMatchObject({ publishStartDate: START, publishEndDate: END });
    expect(paths(loaded, "merger penguin corp")).not.toContain("news/merger");
    clock.at = Date.parse("2030-06-01T00:00:00.000Z");
    expect(paths(loaded, "merger penguin corp")[0]).toBe("news/merger");
  });
});
