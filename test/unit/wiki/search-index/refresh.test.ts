import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { PageSummary, WikiPort } from "../../../../src/wiki/types.js";
import { WikiError } from "../../../../src/wiki/wiki-error.js";
import { createMemoryWiki, type SeedPage } from "../../../helpers/memory-wiki.js";

const seed: SeedPage[] = [
  { path: "ops/backup", title: "Backups", content: "Nightly backups run with restic at 02:00." },
  { path: "ops/vpn", title: "VPN access", content: "Ask IT for a WireGuard profile." },
  { path: "hr/holidays", title: "Holidays", content: "Request holidays in the HR portal." },
  { path: "ops/draft", title: "Draft", content: "secret draft about penguins", isPublished: false },
];

describe("build", () => {
  it("indexes every published page, reading them with bounded concurrency", async () => {
    const wiki = createMemoryWiki(seed);
    let inFlight = 0;
    let most = 0;
    const slow: WikiPort = {
      ...wiki,
      async getPage(id) {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return wiki.getPage(id);
      },
    };
    const progress: Array<[number, number]> = [];
    const index = createSearchIndex();
    await index.build(slow, { concurrency: 2, onProgress: (done, total) => progress.push([done, total]) });
    expect(index.ready).toBe(true);
    expect(index.stats()).toMatchObject({ pages: 3 });
    expect(index.stats().builtAt).toMatch(/^\d{4}-/);
    expect(most).toBe(2);
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(index.search("penguins")).toEqual([]);
    expect(index.search("wireguard")[0]?.page.path).toBe("ops/vpn");
  });

  it("a failing wiki rejects the build and leaves the previous index answering", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    await index.build(wiki);
    wiki.failWith(new Error("wiki down"));
    await expect(index.build(wiki)).rejects.toThrow("wiki down");
    expect(index.ready).toBe(true);
    expect(index.search("restic")[0]?.page.path).toBe("ops/backup");
  });

  it("a build where every page read fails rejects with their cause, however few pages, and stays not ready", async () => {
    const wiki = createMemoryWiki(seed);
    const refused = new WikiError("wiki-needs-manage-pages", "the wiki refuses to show the page (6013)", {
      wikiCode: 6013,
    });
    const guest: WikiPort = { ...wiki, getPage: () => Promise.reject(refused) };
    const index = createSearchIndex();
    await expect(index.build(guest)).rejects.toBe(refused);
    expect(index.ready).toBe(false);
    // An empty wiki is no failure: there was nothing to read.
    await index.build(createMemoryWiki([]));
    expect(index.ready).toBe(true);
  });

  it("a refresh tolerates its few changed pages failing (the next refresh reads them again)", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    await index.build(wiki);
    await wiki.updatePage({ id: 1, content: "Backups now run at 03:00." });
    const failing: WikiPort = { ...wiki, getPage: () => Promise.reject(new Error("6003")) };
    expect(await index.refresh(failing)).toEqual({ changed: 0, removed: 0 });
    expect(await index.refresh(wiki)).toEqual({ changed: 1, removed: 0 });
  });

  it("skips a page that vanished between list and read, and reads it again on refresh", async () => {
    const wiki = createMemoryWiki(seed);
    let fail = true;
    const flaky: WikiPort = {
      ...wiki,
      getPage: (id) => (fail && id === 1 ? Promise.reject(new Error("6003")) : wiki.getPage(id)),
    };
    const index = createSearchIndex();
    await index.build(flaky);
    expect(index.stats().pages).toBe(2);
    fail = false;
    expect(await index.refresh(flaky)).toEqual({ changed: 1, removed: 0 });
    expect(index.search("restic")[0]?.page.path).toBe("ops/backup");
  });
});

describe("refresh", () => {
  it("re-reads only pages whose updatedAt changed and drops removed or unpublished ones", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    await index.build(wiki);
    expect(await index.refresh(wiki)).toEqual({ changed: 0, removed: 0 });

    const reads = wiki.calls.getPage;
    await wiki.updatePage({ id: 2, content: "Use the Tailscale app now." });
    wiki.remove(3);
    await wiki.updatePage({ id: 1, content: "Nightly backups.", isPublished: false });
    expect(await index.refresh(wiki)).toEqual({ changed: 1, removed: 2 });
    expect(wiki.calls.getPage - reads).toBe(1);
    expect(index.search("tailscale")[0]?.page.path).toBe("ops/vpn");
    expect(index.search("wireguard")).toEqual([]);
    expect(index.search("holidays")).toEqual([]);
    expect(index.search("backups")).toEqual([]);
    expect(index.stats().pages).toBe(1);
  });

  it("on an index that is not ready, builds it", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    expect(await index.refresh(wiki)).toEqual({ changed: 3, removed: 0 });
    expect(index.ready).toBe(true);
  });

  it("uses the listed updatedAt, so a page is not read again when nothing changed", async () => {
    const wiki = createMemoryWiki(seed);
    const listed: PageSummary[] = (await wiki.listPages()).map((p) => ({ ...p }));
    const index = createSearchIndex();
    await index.build({ ...wiki, listPages: async () => listed });
    const reads = wiki.calls.getPage;
    await index.refresh({ ...wiki, listPages: async () => listed });
    expect(wiki.calls.getPage).toBe(reads);
  });
});

describe("upsertPage and removePage", () => {
  it("apply at once, and an unpublished page leaves the index", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    await index.build(wiki);
    await wiki.updatePage({ id: 2, content: "Now we use OpenVPN." });
    index.upsertPage(await wiki.getPage(2));
    expect(index.search("openvpn")[0]?.page.path).toBe("ops/vpn");
    expect(index.search("wireguard")).toEqual([]);
    expect(index.stats().pages).toBe(3);

    index.upsertPage({ ...(await wiki.getPage(1)), isPublished: false });
    expect(index.search("restic")).toEqual([]);
    index.removePage(3);
    expect(index.search("holidays")).toEqual([]);
    expect(index.stats().pages).toBe(1);
    expect(index.pages().map((p) => p.path)).toEqual(["ops/vpn"]);
  });

  it("a section search sees pages added, moved and removed since the same search ran before", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    await index.build(wiki);
    const inOps = () =>
      index.search("restic wireguard kangaroo", { section: "ops", locale: "en" }).map((r) => r.page.path);
    expect(inOps().sort()).toEqual(["ops/backup", "ops/vpn"]);
    const created = await wiki.createPage({
      path: "ops/zoo",
      locale: "en",
      title: "Zoo",
      content: "Kangaroo rules.",
    });
    index.upsertPage(await wiki.getPage(created.page!.id));
    expect(inOps()).toContain("ops/zoo");
    index.upsertPage({ ...(await wiki.getPage(created.page!.id)), path: "hr/zoo" });
    expect(inOps()).not.toContain("ops/zoo");
    expect(index.search("kangaroo", { section: "hr", locale: "en" }).map((r) => r.page.path)).toEqual([
      "hr/zoo",
    ]);
    index.removePage(2);
    expect(inOps()).toEqual(["ops/backup"]);
    expect(index.search("restic", { section: "ops", locale: "fr" })).toEqual([]);
  });

  it("an edit made during a build survives the build", async () => {
    const wiki = createMemoryWiki(seed);
    const index = createSearchIndex();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: WikiPort = { ...wiki, getPage: async (id) => (await gate, wiki.getPage(id)) };
    const building = index.build(slow);
    await new Promise((r) => setTimeout(r, 5));
    const created = await wiki.createPage({
      path: "ops/new",
      locale: "en",
      title: "Kangaroo",
      content: "Kangaroo rules.",
    });
    const fresh = await wiki.getPage(created.page!.id);
    index.upsertPage(fresh);
    release();
    await building;
    expect(index.search("kangaroo")[0]?.page.path).toBe("ops/new");
  });
});
