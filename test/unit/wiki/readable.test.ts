import { describe, expect, it } from "vitest";
import { isReadable, readableHits } from "../../../src/wiki/readable.js";
import type { SearchHit } from "../../../src/wiki/types.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

const hit = (path: string): SearchHit => ({ path, locale: "en", title: path, description: "" });

describe("isReadable", () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])("published %s, private %s: readable %s", (isPublished, isPrivate, readable) => {
    expect(isReadable({ path: "it/vpn", isPublished, isPrivate })).toBe(readable);
  });

  it.each(["_gateway/unanswered", "/_gateway/unanswered", "_gateway"])(
    "never the gateway's own page %s, published and public as it is",
    (path) => {
      expect(isReadable({ path, isPublished: true, isPrivate: false })).toBe(false);
    },
  );

  it.each(["it/_gateway/notes", "_gateways/x", "gateway/unanswered"])("any other page: %s", (path) => {
    expect(isReadable({ path, isPublished: true, isPrivate: false })).toBe(true);
  });
});

describe("readableHits", () => {
  const wiki = () =>
    createMemoryWiki([
      { path: "a", title: "A", content: "a" },
      { path: "secret", title: "Secret", content: "s", isPrivate: true },
      { path: "b", title: "B", content: "b" },
      { path: "draft", title: "Draft", content: "d", isPublished: false },
      { path: "c", title: "C", content: "c" },
      { path: "d", title: "D", content: "d" },
    ]);

  it("keeps, in order, the hits whose page exists and is readable, with the page read", async () => {
    const w = wiki();
    const hits = ["secret", "a", "gone", "draft", "b", "c"].map(hit);
    const kept = await readableHits(w, hits, { want: 3, maxReads: 10 });
    expect(kept.map((k) => k.hit.path)).toEqual(["a", "b", "c"]);
    expect(kept.map((k) => k.page.content)).toEqual(["a", "b", "c"]);
  });

  it("reads no more than needed, and never more than maxReads", async () => {
    const w = wiki();
    const hits = ["a", "b", "c", "d"].map(hit);
    expect((await readableHits(w, hits, { want: 2, maxReads: 10 })).length).toBe(2);
    expect(w.calls.getPageByPath).toBe(2);
    const privateFirst = ["secret", "draft", "gone", "a", "b"].map(hit);
    const bounded = await readableHits(w, privateFirst, { want: 2, maxReads: 3 });
    expect(bounded).toEqual([]);
    expect(w.calls.getPageByPath).toBe(2 + 3);
  });

  it("a wiki failure propagates", async () => {
    const w = wiki();
    w.failWith(new Error("down"));
    await expect(readableHits(w, [hit("a")], { want: 1, maxReads: 1 })).rejects.toThrow("down");
  });
});
