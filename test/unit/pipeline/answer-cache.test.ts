import { describe, expect, it } from "vitest";
import { createAnswerCache, questionKey, withGeneration } from "../../../src/pipeline/answer-cache.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";
import { createSearchIndex, type SearchIndex } from "../../../src/wiki/search-index/index.js";

describe("answer cache", () => {
  it("serves a repeated question without recomputing, and recomputes after the TTL", async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, now: () => now });
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    expect(await cache.get("k", compute)).toBe("answer 1");
    expect(await cache.get("k", compute)).toBe("answer 1");
    now = 1001;
    expect(await cache.get("k", compute)).toBe("answer 2");
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const cache = createAnswerCache<number>({ maxEntries: 2 });
    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2);
    await cache.get("a", async () => 0); // a is now most recent
    await cache.get("c", async () => 3); // evicts b
    expect(await cache.get("a", async () => -1)).toBe(1);
    expect(await cache.get("b", async () => -2)).toBe(-2);
  });

  it("holds at most maxBytes: the least recently used go first, a value bigger than the bound is not kept", async () => {
    const cache = createAnswerCache<string>({ maxBytes: 1000, sizeOf: (v) => v.length * 2 });
    const answer = "x".repeat(150); // 300 bytes + key + overhead ≈ 400 per entry
    for (const key of ["a", "b", "c", "d"]) await cache.get(key, async () => answer);
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(1000);
    expect(stats.entries).toBe(2);
    expect(stats).toMatchObject({ maxBytes: 1000, bytes: 2 * (2 + 300 + 96) });
    expect(await cache.get("a", async () => "recomputed")).toBe("recomputed");
    expect(await cache.get("d", async () => "recomputed")).toBe(answer);

    const huge = "y".repeat(2000);
    expect(await cache.get("h", async () => huge)).toBe(huge);
    expect(await cache.get("h", async () => "again")).toBe("again");
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("keys ignore case, spacing and trailing punctuation, but not the agent, the asker's language or the generation", () => {
    expect(questionKey("main", 1, "curl", "ru")).not.toBe(questionKey("main", 1, "curl", "en"));
    expect(questionKey("main", 1, "curl", "en-GB")).toBe(questionKey("main", 1, "curl", "en"));
    expect(questionKey("main", 1, "How do I  restore a backup?")).toBe(
      questionKey("main", 1, "how do i restore a backup"),
    );
    expect(questionKey("main", 1, "backup")).not.toBe(questionKey("devops", 1, "backup"));
    expect(questionKey("main", 1, "backup")).not.toBe(questionKey("main", 2, "backup"));
  });

  it("the index generation changes on every change of the index, and not on searches", async () => {
    const fake = {
      ready: true,
      build: async () => {},
      refresh: async () => ({ changed: 0, removed: 0 }),
      upsertPage: () => {},
      removePage: () => {},
      search: () => [],
      lookup: () => ({ pages: [] }),
      pages: () => [],
      save: async () => {},
      load: async () => true,
      stats: () => ({ pages: 0, passages: 0 }),
      visibility: () => 0,
    } as unknown as SearchIndex;
    const index = withGeneration(fake);
    const g0 = index.generation();
    index.search("x");
    index.lookup("x");
    expect(index.generation()).toBe(g0);
    await index.refresh({} as never);
    expect(index.generation()).toBe(g0);
    index.upsertPage({} as never);
    const g1 = index.generation();
    expect(g1).toBeGreaterThan(g0);
    await index.build({} as never);
    expect(index.generation()).toBeGreaterThan(g1);
    (fake as { refresh: unknown }).refresh = async () => ({ changed: 1, removed: 0 });
    const g2 = index.generation();
    await index.refresh({} as never);
    expect(index.generation()).toBeGreaterThan(g2);
  });

  it("a page entering or leaving its publication window starts a new generation", () => {
    let at = Date.parse("2029-12-31T23:59:00.000Z");
    const raw = createSearchIndex({ now: () => at });
    const index = withGeneration(raw);
    raw.upsertPage(
      createMemoryWiki().add({
        path: "news/merger",
        title: "Merger news",
        content: "# Merger\n\nEmbargoed until then.",
        publishStartDate: "2030-01-01T00:00:00.000Z",
      }),
    );
    const before = index.generation();
    expect(index.generation()).toBe(before);
    at = Date.parse("2030-01-01T00:00:00.000Z");
    expect(index.generation()).toBeGreaterThan(before);
  });
});
