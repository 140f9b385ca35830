import { describe, expect, it } from "vitest";
import { createLazyWiki } from "../../../src/wiki/lazy-wiki.js";
import { loadHandbookPages } from "../../helpers/memory-wiki.js";

describe("createLazyWiki", () => {
  it("opens the wiki on the first request only, once, and retries a failed open", async () => {
    const wiki = await loadHandbookPages();
    let opens = 0;
    const lazy = createLazyWiki(async () => {
      opens++;
      if (opens === 1) throw new Error("cannot load the client");
      return wiki;
    });
    expect(opens).toBe(0);
    await expect(lazy.listPages()).rejects.toThrow("cannot load the client");
    const pages = await lazy.listPages();
    expect(pages.length).toBeGreaterThan(0);
    await lazy.getPage(pages[0]!.id);
    expect(opens).toBe(2);
    expect(wiki.calls.listPages).toBe(1);
    expect(wiki.calls.getPage).toBe(1);
  });
});
