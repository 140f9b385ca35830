import { beforeAll, describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createInlineSearch, INLINE_RESULTS_MAX } from "../../../src/agents/inline-results.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../src/wiki/search-index/index-types.js";
import { createMemoryWiki, type MemoryWiki } from "../../helpers/memory-wiki.js";
import { textsFor } from "../../../src/i18n/index.js";

const agent = resolveAgentSettings(
  "docs",
  { section: "ops", locale: "en", editors: [], answerLength: 600, publicBaseUrl: "https://docs.example.com" },
  "http://wiki.internal:3000",
);

/** 14 public pages about tar under ops/, one unpublished, one private, one outside the section. */
function seedWiki(): MemoryWiki {
  const wiki = createMemoryWiki();
  for (let n = 1; n <= 14; n++) {
    wiki.add({
      path: `ops/tar-${n}`,
      title: `Tar recipe ${n}`,
      description: n === 1 ? "Extract a tar archive" : "",
      content: `Use tar to extract archive number ${n}.\n\n\`tar -xf archive-${n}.tar\`\n\nA <b>bold</b> & plain note.`,
      updatedAt: `2026-01-${String(n).padStart(2, "0")}T00:00:00.000Z`,
    });
  }
  wiki.add({
    path: "ops/tar-draft",
    title: "Tar draft",
    content: "Extract a tar archive, unpublished draft.",
    isPublished: false,
    updatedAt: "2026-03-01T00:00:00.000Z",
  });
  wiki.add({
    path: "ops/tar-secret",
    title: "Tar secret",
    content: "Extract a tar archive, private page.",
    isPrivate: true,
    updatedAt: "2026-03-02T00:00:00.000Z",
  });
  wiki.add({
    path: "dev/tar-elsewhere",
    title: "Tar elsewhere",
    content: "Extract a tar archive outside the section.",
    updatedAt: "2026-03-03T00:00:00.000Z",
  });
  return wiki;
}

describe("inline results", () => {
  let wiki: MemoryWiki;
  let index: SearchIndex;
  beforeAll(async () => {
    wiki = seedWiki();
    index = createSearchIndex();
    await index.build(wiki);
  });

  it("gives at most 10 article results, one per page, with short ids, a title, a line and the answer HTML", () => {
    const results = createInlineSearch({ index }).results("extract tar archive", agent);
    expect(results.length).toBe(INLINE_RESULTS_MAX);
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
    for (const r of results) {
      expect(Buffer.byteLength(r.id)).toBeLessThanOrEqual(64);
      expect(r.title).toMatch(/^Tar recipe \d+$/);
      expect(r.description).not.toContain("\n");
      expect(r.html.startsWith(`<b>${r.title}</b>`)).toBe(true);
      expect(r.html).toContain(`📖 <a href="${r.url}">${r.title}</a>`);
      expect(r.url).toMatch(/^https:\/\/docs\.example\.com\/en\/ops\/tar-\d+$/);
      expect([...r.html].length).toBeLessThanOrEqual(4096);
    }
    const first = results.find((r) => r.title === "Tar recipe 1")!;
    expect(first.description).toBe("Extract a tar archive");
    // The passage is the renderer's HTML: code in <code>, markup in the page text escaped.
    expect(results.some((r) => r.html.includes("<code>tar -xf archive-"))).toBe(true);
    expect(results.every((r) => !r.html.includes("<b>bold</b>"))).toBe(true);
  });

  it("never shows unpublished or private pages, nor pages outside the agent's section", () => {
    const search = createInlineSearch({ index });
    const all = [
      ...search.results("extract tar archive draft secret elsewhere", agent),
      ...search.results("", agent),
    ];
    const titles = all.map((r) => r.title);
    expect(titles).not.toContain("Tar draft");
    expect(titles).not.toContain("Tar secret");
    expect(titles).not.toContain("Tar elsewhere");
  });

  it("drops a page that becomes private at once (the index forgets it)", async () => {
    const own = createSearchIndex();
    await own.build(seedWiki());
    const search = createInlineSearch({ index: own });
    const page = [...wiki.pages.values()].find((p) => p.path === "ops/tar-1")!;
    expect(search.results("", agent).length).toBeGreaterThan(0);
    own.upsertPage({ ...page, isPrivate: true });
    expect(search.results("extract tar archive", agent).map((r) => r.title)).not.toContain("Tar recipe 1");
  });

  it("an empty query lists the most recently updated pages, newest first, with their opening passage", () => {
    const results = createInlineSearch({ index }).results("  ", agent);
    expect(results.map((r) => r.title)).toEqual(
      [14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map((n) => `Tar recipe ${n}`),
    );
    expect(results[0]!.html).toContain("Use tar to extract archive number 14.");
  });

  it("names the page of a result id, and nothing for a foreign or stale id", () => {
    const search = createInlineSearch({ index });
    const [first] = search.results("extract tar archive", agent);
    expect(search.pageOf(first!.id)).toEqual({
      path: expect.stringMatching(/^ops\/tar-/),
      locale: "en",
      title: first!.title,
    });
    expect(search.pageOf("p999999")).toBeUndefined();
    expect(search.pageOf("x; drop")).toBeUndefined();
  });

  it("gives nothing while the index is not ready (never a wiki call)", () => {
    const empty = createSearchIndex();
    expect(createInlineSearch({ index: empty }).results("tar", agent)).toEqual([]);
    expect(createInlineSearch({ index: empty }).results("", agent)).toEqual([]);
  });

  it("for an agent of two locales, shows each page in the asker's language when it has it, and notes one in another", async () => {
    const bilingual = resolveAgentSettings(
      "both",
      { section: "", locale: ["ru", "en"], editors: [], answerLength: 600 },
      "http://wiki.internal:3000",
    );
    const index = createSearchIndex();
    await index.build(
      createMemoryWiki([
        { path: "tools/tar", locale: "en", title: "tar", content: "tar: create and extract archives." },
        { path: "tools/tar", locale: "ru", title: "tar", content: "tar: создать и распаковать архив." },
        { path: "tools/htop", locale: "en", title: "htop", content: "htop: show processes." },
      ]),
    );
    const search = createInlineSearch({ index });
    const ru = textsFor("ru");
    const russian = search.results("tar htop", bilingual, ru, "ru");
    expect(russian.map((r) => r.url).sort()).toEqual([
      "http://wiki.internal:3000/en/tools/htop",
      "http://wiki.internal:3000/ru/tools/tar",
    ]);
    expect(russian.find((r) => r.title === "htop")!.html).toContain(
      "Эта страница на другом языке: английский.",
    );
    expect(russian.find((r) => r.title === "tar")!.html).not.toContain("другом языке");
    const english = search.results("", bilingual, textsFor("en"), "en");
    expect(english.map((r) => r.url).sort()).toEqual([
      "http://wiki.internal:3000/en/tools/htop",
      "http://wiki.internal:3000/en/tools/tar",
    ]);
  });
});
