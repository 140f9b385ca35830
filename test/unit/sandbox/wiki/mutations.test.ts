import { afterEach, describe, expect, it } from "vitest";
import { CREATE, createVars, startWiki, type WikiHarness } from "./helpers.js";

const GET = `query ($id: Int!) { pages { single(id: $id) { id path locale title description content render isPublished updatedAt editor tags { tag } } } }`;
const SEARCH = `query ($q: String!) { pages { search(query: $q) { results { path } totalHits } } }`;
const updateDoc = (args: string) =>
  `mutation ($id: Int!) { pages { update(id: $id, ${args}) { responseResult { succeeded errorCode slug message } page { id path locale title } } } }`;

let h: WikiHarness;
afterEach(async () => {
  await h?.close();
});

async function create(vars: Record<string, unknown> = {}) {
  const answer = await h.gql(CREATE, createVars(vars), h.admin);
  expect(answer.status).toBe(200);
  return answer.json.data.pages.create;
}

async function page(id: number) {
  return (await h.gql(GET, { id }, h.admin)).json.data.pages.single;
}

describe("sandbox wiki: pages.create", () => {
  it("creates a page", async () => {
    h = await startWiki();
    const created = await create({ tags: ["New", " two ", "new"] });
    expect(created.responseResult).toEqual({
      succeeded: true,
      errorCode: 0,
      slug: "ok",
      message: "Page created successfully.",
    });
    expect(created.page).toMatchObject({
      id: 6,
      path: "new/page",
      title: "New",
      isPublished: true,
    });
    expect(created.page.tags.map((t: { tag: string }) => t.tag)).toEqual(["new", "two"]);
    expect(h.wiki.pageCount()).toBe(6);
    expect((await page(6)).content).toBe("Body");
    expect((await h.gql(SEARCH, { q: "new/page" })).json.data.pages.search.totalHits).toBe(1);
  });

  it("selecting the created page's locale nulls the page (Wiki.js's answer has none); the page is created", async () => {
    h = await startWiki();
    const answer = await h.gql(
      CREATE.replace("page { id path", "page { id locale path"),
      createVars(),
      h.admin,
    );
    expect(answer.json.data.pages.create).toMatchObject({ responseResult: { succeeded: true }, page: null });
    expect(answer.json.errors[0].message).toBe("Cannot return null for non-nullable field Page.locale.");
    expect(h.wiki.pageCount()).toBe(6);
  });

  it("strips one leading and trailing slash", async () => {
    h = await startWiki();
    expect((await create({ path: "/docs/a/" })).page.path).toBe("docs/a");
  });

  it("6002 for an existing path+locale; the same path in another locale is fine", async () => {
    h = await startWiki();
    expect(await create({ path: "faq" })).toEqual({
      responseResult: {
        succeeded: false,
        errorCode: 6002,
        slug: "PageDuplicateCreate",
        message: "Cannot create this page because an entry already exists at the same path.",
      },
      page: null,
    });
    expect((await create({ path: "faq", locale: "de" })).responseResult.succeeded).toBe(true);
  });

  it("6004 for empty or blank content", async () => {
    h = await startWiki();
    for (const content of ["", "   \n"]) {
      const result = await create({ content });
      expect(result.responseResult).toMatchObject({
        succeeded: false,
        errorCode: 6004,
        slug: "PageEmptyContent",
      });
      expect(result.page).toBeNull();
    }
    expect(h.wiki.pageCount()).toBe(5);
  });

  it.each(["a.b", "with space", "back\\slash", "double//slash", "../up", "/"])(
    "6005 for the illegal path %j",
    async (path) => {
      h = await startWiki();
      const result = await create({ path });
      expect(result.responseResult).toMatchObject({
        succeeded: false,
        errorCode: 6005,
        slug: "PageIllegalPath",
      });
      expect(h.wiki.pageCount()).toBe(5);
    },
  );
});

describe("sandbox wiki: pages.update", () => {
  it("updates with content, tags and isPublished, changing updatedAt", async () => {
    let clock = Date.parse("2026-01-01T00:00:00.000Z");
    h = await startWiki({ now: () => clock });
    clock += 5000;
    const answer = await h.gql(
      updateDoc(`content: "New body", tags: ["x"], isPublished: true, title: "Renamed", editor: "ckeditor"`),
      { id: 2 },
      h.admin,
    );
    expect(answer.json.data.pages.update).toEqual({
      responseResult: { succeeded: true, errorCode: 0, slug: "ok", message: "Page has been updated." },
      page: { id: 2, path: "guides/backup", locale: "en", title: "Renamed" },
    });
    const after = await page(2);
    expect(after).toMatchObject({
      content: "New body",
      title: "Renamed",
      description: "Keep copies",
      isPublished: true,
      editor: "markdown",
    });
    expect(after.tags).toEqual([{ tag: "x" }]);
    expect(after.render).toContain("New body");
    expect(after.updatedAt).toBe("2026-01-01T00:00:05.000Z");
  });

  it("without content: 6004 and nothing changes", async () => {
    h = await startWiki();
    const result = (await h.gql(updateDoc(`title: "X", tags: [], isPublished: true`), { id: 2 }, h.admin))
      .json.data.pages.update;
    expect(result.responseResult).toEqual({
      succeeded: false,
      errorCode: 6004,
      slug: "PageEmptyContent",
      message: "Page content cannot be empty.",
    });
    expect(result.page).toBeNull();
    expect((await page(2)).title).toBe("Backups");
  });

  it("without tags: the row is saved, then errorCode 1 TypeError (render stale, tags kept)", async () => {
    h = await startWiki();
    const result = (
      await h.gql(updateDoc(`content: "Half applied", isPublished: true, title: "Half"`), { id: 1 }, h.admin)
    ).json.data.pages.update;
    expect(result.responseResult).toMatchObject({ succeeded: false, errorCode: 1, slug: "TypeError" });
    expect(result.responseResult.message).toContain("map");
    const after = await page(1);
    expect(after).toMatchObject({ content: "Half applied", title: "Half" });
    expect(after.tags).toEqual([{ tag: "setup" }, { tag: "linux" }]);
    expect(after.render).toContain("Run the installer.");
    expect(after.render).not.toContain("Half applied");
  });

  it("without isPublished: the page becomes unpublished and leaves search", async () => {
    h = await startWiki();
    expect((await h.gql(SEARCH, { q: "Backups" })).json.data.pages.search.totalHits).toBe(1);
    const result = (await h.gql(updateDoc(`content: "c", tags: ["ops"]`), { id: 2 }, h.admin)).json.data.pages
      .update;
    expect(result.responseResult.succeeded).toBe(true);
    expect((await page(2)).isPublished).toBe(false);
    expect((await h.gql(SEARCH, { q: "Backups" })).json.data.pages.search.totalHits).toBe(0);
  });

  it("a different path or locale moves the page", async () => {
    h = await startWiki();
    const moved = await h.gql(
      updateDoc(`content: "c", tags: [], isPublished: true, path: "ops/backup", locale: "de"`),
      { id: 2 },
      h.admin,
    );
    expect(moved.json.data.pages.update.responseResult.succeeded).toBe(true);
    expect(await page(2)).toMatchObject({ path: "ops/backup", locale: "de" });
    const byPath = "query ($p: String!, $l: String!) { pages { singleByPath(path: $p, locale: $l) { id } } }";
    expect((await h.gql(byPath, { p: "ops/backup", l: "de" }, h.admin)).json.data.pages.singleByPath).toEqual(
      { id: 2 },
    );
    expect(
      (await h.gql(byPath, { p: "guides/backup", l: "en" }, h.admin)).json.errors[0].extensions.exception
        .code,
    ).toBe(6003);
    // the old path is free again
    expect((await create({ path: "guides/backup" })).responseResult.succeeded).toBe(true);
    // moving onto an existing page collides
    const collide = await h.gql(
      updateDoc(`content: "c", tags: [], isPublished: true, path: "faq"`),
      { id: 1 },
      h.admin,
    );
    expect(collide.json.data.pages.update.responseResult).toMatchObject({
      succeeded: false,
      errorCode: 6006,
    });
  });

  it("an unknown id: errorCode 1, slug Error, Invalid Page Id", async () => {
    h = await startWiki();
    const result = (await h.gql(updateDoc(`content: "c", tags: []`), { id: 4242 }, h.admin)).json.data.pages
      .update;
    expect(result).toEqual({
      responseResult: { succeeded: false, errorCode: 1, slug: "Error", message: "Invalid Page Id" },
      page: null,
    });
  });

  it("a guest gets Forbidden and the page is unchanged", async () => {
    h = await startWiki();
    const answer = await h.gql(updateDoc(`content: "c", tags: [], isPublished: true`), { id: 2 });
    expect(answer.json.data.pages.update).toBeNull();
    expect(answer.json.errors[0]).toMatchObject({ message: "Forbidden", path: ["pages", "update"] });
    expect((await page(2)).content).toBe("Copy the data folder.");
  });
});
