import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_PAGES, startWiki, type WikiHarness } from "./helpers.js";

const LIST = `query ($limit: Int, $tags: [String!], $locale: String, $orderBy: PageOrderBy, $dir: PageOrderByDirection) {
  pages { list(limit: $limit, tags: $tags, locale: $locale, orderBy: $orderBy, orderByDirection: $dir) {
    id path locale title description contentType isPublished isPrivate privateNS createdAt updatedAt tags } } }`;
const SEARCH = `query ($q: String!, $path: String, $locale: String) {
  pages { search(query: $q, path: $path, locale: $locale) { results { id title description path locale } suggestions totalHits } } }`;

let h: WikiHarness;
afterEach(async () => {
  await h?.close();
});

const paths = (items: Array<{ path: string }>) => items.map((i) => i.path);

describe("sandbox wiki: pages.list", () => {
  it("returns every page, unpublished included, with the list fields", async () => {
    h = await startWiki({ now: () => Date.parse("2026-11-22T10:39:38.332Z") });
    const list = (await h.gql(LIST, {}, h.admin)).json.data.pages.list;
    expect(paths(list)).toEqual(["guides/install", "guides/backup", "faq", "drafts/secret", "fr/accueil"]);
    expect(list[0]).toEqual({
      id: 1,
      path: "guides/install",
      locale: "en",
      title: "Install Guide",
      description: "How to install",
      contentType: "markdown",
      isPublished: true,
      isPrivate: false,
      privateNS: null,
      createdAt: "2026-11-22T10:39:38.332Z",
      updatedAt: "2026-11-22T10:39:38.332Z",
      tags: ["setup", "linux"],
    });
    expect(list[3]).toMatchObject({ path: "drafts/secret", isPublished: false });
  });

  it("limit counts page×tag rows, not pages", async () => {
    h = await startWiki();
    // install has 2 tags (2 rows), backup 1, faq none (1 row)
    expect(paths((await h.gql(LIST, { limit: 1 }, h.admin)).json.data.pages.list)).toEqual([
      "guides/install",
    ]);
    const two = (await h.gql(LIST, { limit: 2 }, h.admin)).json.data.pages.list;
    expect(paths(two)).toEqual(["guides/install"]);
    expect(two[0].tags).toEqual(["setup", "linux"]);
    expect(paths((await h.gql(LIST, { limit: 3 }, h.admin)).json.data.pages.list)).toEqual([
      "guides/install",
      "guides/backup",
    ]);
    expect((await h.gql(LIST, { limit: 1 }, h.admin)).json.data.pages.list[0].tags).toEqual(["setup"]);
    expect((await h.gql(LIST, { limit: 4 }, h.admin)).json.data.pages.list).toHaveLength(3);
  });

  it("tags keeps pages having ALL the tags and returns only the matching tags", async () => {
    h = await startWiki();
    const setup = (await h.gql(LIST, { tags: ["setup"] }, h.admin)).json.data.pages.list;
    expect(paths(setup)).toEqual(["guides/install", "drafts/secret", "fr/accueil"]);
    expect(setup[0].tags).toEqual(["setup"]);
    const both = (await h.gql(LIST, { tags: ["setup", "linux"] }, h.admin)).json.data.pages.list;
    expect(paths(both)).toEqual(["guides/install"]);
    expect(both[0].tags).toEqual(["setup", "linux"]);
    expect((await h.gql(LIST, { tags: ["setup", "ops"] }, h.admin)).json.data.pages.list).toEqual([]);
    // The final check compares the tags as given: upper case never matches.
    expect((await h.gql(LIST, { tags: ["SETUP"] }, h.admin)).json.data.pages.list).toEqual([]);
  });

  it("filters by locale and orders", async () => {
    h = await startWiki();
    expect(paths((await h.gql(LIST, { locale: "fr" }, h.admin)).json.data.pages.list)).toEqual([
      "fr/accueil",
    ]);
    const byTitle = (await h.gql(LIST, { orderBy: "TITLE" }, h.admin)).json.data.pages.list;
    expect(byTitle.map((p: { title: string }) => p.title)).toEqual([
      "Backups",
      "Draft plan",
      "FAQ",
      "Install Guide",
      "Été Écrit",
    ]);
    const byIdDesc = (await h.gql(LIST, { dir: "DESC" }, h.admin)).json.data.pages.list;
    expect(byIdDesc.map((p: { id: number }) => p.id)).toEqual([5, 4, 3, 2, 1]);
    const byPathDesc = (await h.gql(LIST, { orderBy: "PATH", dir: "DESC" }, h.admin)).json.data.pages.list;
    expect(paths(byPathDesc)[0]).toBe("guides/install");
  });
});

describe("sandbox wiki: pages.search (Database - Basic)", () => {
  async function hits(q: string, extra: Record<string, unknown> = {}) {
    const answer = await h.gql(SEARCH, { q, ...extra }, h.admin);
    expect(answer.status).toBe(200);
    return answer.json.data.pages.search;
  }

  it("matches the whole query as one substring of title, description or path", async () => {
    h = await startWiki();
    const result = await hits("install");
    expect(result).toEqual({
      results: [
        {
          id: "1",
          title: "Install Guide",
          description: "How to install",
          path: "guides/install",
          locale: "en",
        },
      ],
      suggestions: [],
      totalHits: 1,
    });
    expect(paths((await hits("copies")).results)).toEqual(["guides/backup"]); // description
    expect(paths((await hits("guides/")).results)).toEqual(["guides/install", "guides/backup"]); // path
    expect((await hits("how do I install")).totalHits).toBe(0); // never split into words
    expect((await hits("installer")).totalHits).toBe(0); // never the content
  });

  it("returns ids as strings, only published pages, everything for an empty query", async () => {
    h = await startWiki();
    const all = await hits("");
    expect(all.totalHits).toBe(4);
    expect(all.results.every((r: { id: unknown }) => typeof r.id === "string")).toBe(true);
    expect(paths(all.results)).not.toContain("drafts/secret");
    expect((await hits("Draft")).totalHits).toBe(0);
  });

  it("returns private published pages, to the key and to a guest (publication is the only filter)", async () => {
    h = await startWiki({
      pages: [
        ...SAMPLE_PAGES,
        { path: "hr/salaries", title: "Salaries", content: "Pay bands.", isPrivate: true },
        {
          path: "hr/salaries-draft",
          title: "Salaries draft",
          content: "Next year.",
          isPrivate: true,
          isPublished: false,
        },
      ],
    });
    expect(paths((await hits("salar")).results)).toEqual(["hr/salaries"]);
    const guest = await h.gql(SEARCH, { q: "salar" });
    expect(paths(guest.json.data.pages.search.results)).toEqual(["hr/salaries"]);
    const listed = await h.gql(LIST, {}, h.admin);
    expect(listed.json.data.pages.list.find((p: { path: string }) => p.path === "hr/salaries")).toMatchObject(
      {
        isPrivate: true,
        isPublished: true,
      },
    );
  });

  it("folds ASCII case only", async () => {
    h = await startWiki();
    expect((await hits("INSTALL GUIDE")).totalHits).toBe(1);
    // Title "Été Écrit": the ASCII letters fold, "É" and "é" stay different.
    expect((await hits("Été")).totalHits).toBe(1);
    expect((await hits("été")).totalHits).toBe(0);
    expect((await hits("ÉCRIT")).totalHits).toBe(1);
    expect((await hits("écrit")).totalHits).toBe(0);
  });

  it("treats % and _ as wildcards", async () => {
    h = await startWiki();
    expect(paths((await hits("Ins%Guide")).results)).toEqual(["guides/install"]);
    expect(paths((await hits("F_Q")).results)).toEqual(["faq"]);
    expect((await hits("%")).totalHits).toBe(4);
    expect(paths((await hits("Backu_s")).results)).toEqual(["guides/backup"]);
    expect((await hits("Back_s")).totalHits).toBe(0);
  });

  it("filters by locale and by path prefix", async () => {
    h = await startWiki();
    expect(paths((await hits("", { locale: "fr" })).results)).toEqual(["fr/accueil"]);
    expect(paths((await hits("", { path: "guides" })).results)).toEqual(["guides/install", "guides/backup"]);
  });
});

describe("sandbox wiki: pages.single / singleByPath", () => {
  const PAGE = `id path hash title description isPrivate isPublished tags { id tag title createdAt updatedAt }
    content render contentType createdAt updatedAt editor locale`;

  it("returns the Page fields", async () => {
    h = await startWiki();
    const page = (await h.gql(`{ pages { single(id: 1) { ${PAGE} } } }`, {}, h.admin)).json.data.pages.single;
    expect(page).toMatchObject({
      id: 1,
      path: "guides/install",
      title: "Install Guide",
      isPublished: true,
      contentType: "markdown",
      editor: "markdown",
      locale: "en",
      content: "# Install\nRun the installer.",
    });
    expect(page.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(page.render).toContain("<h1");
    expect(page.tags.map((t: { tag: string }) => t.tag)).toEqual(["setup", "linux"]);
    expect(typeof page.tags[0].id).toBe("number");
  });

  it("singleByPath finds by path and locale, 6003 otherwise", async () => {
    h = await startWiki();
    const q =
      "query ($p: String!, $l: String!) { pages { singleByPath(path: $p, locale: $l) { id path locale } } }";
    expect((await h.gql(q, { p: "fr/accueil", l: "fr" }, h.admin)).json.data.pages.singleByPath).toEqual({
      id: 5,
      path: "fr/accueil",
      locale: "fr",
    });
    const missing = await h.gql(q, { p: "fr/accueil", l: "en" }, h.admin);
    expect(missing.status).toBe(200);
    expect(missing.json.data.pages.singleByPath).toBeNull();
    expect(missing.json.errors[0]).toMatchObject({
      message: "This page does not exist.",
      path: ["pages", "singleByPath"],
      locations: [{ line: 1, column: 44 }],
      extensions: { code: "INTERNAL_SERVER_ERROR", exception: { code: 6003 } },
    });
  });
});
