import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandboxWiki, type SandboxWiki } from "../../../../packages/sandbox/src/wiki/index.js";
import {
  createWikiClient,
  graphqlEndpoint,
  WIKI_DOCUMENTS,
} from "../../../../src/wiki/client/wiki-client.js";

/** Every client operation and error case, over HTTP against the sandbox wiki. */
let wiki: SandboxWiki;
let base: string;
const dir = mkdtempSync(join(tmpdir(), "wg-client-"));
const tokenFile = join(dir, "token");
const client = (extra: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createWikiClient({
    baseUrl: extra.baseUrl ?? base,
    tokenFile,
    timeoutMs: extra.timeoutMs ?? 2000,
    retries: 1,
  });

beforeAll(async () => {
  wiki = createSandboxWiki();
  base = await wiki.listen();
  wiki.seed([
    {
      path: "guides/backup",
      title: "Backups",
      description: "How backups work",
      content: "# Backups\n\nNightly.",
      tags: ["ops", "backup"],
    },
    {
      path: "guides/onboarding",
      title: "Onboarding",
      description: "First day",
      content: "# Onboarding\n\nLaptop.",
    },
  ]);
});
afterAll(() => wiki.close());
beforeEach(() => {
  writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
  wiki.setApiEnabled(true);
  wiki.setProxyMode("none");
  wiki.setDown(false);
  wiki.setLatency(0);
});

describe("wiki client against the sandbox wiki", () => {
  it("sends only documents that validate against the Wiki.js schema", () => {
    const schema = buildSchema(wiki.schemaSdl);
    for (const [name, doc] of Object.entries(WIKI_DOCUMENTS)) {
      expect(validate(schema, parse(doc)), name).toEqual([]);
    }
  });

  it("normalises the base URL and refuses a REST path", () => {
    expect(graphqlEndpoint("https://wiki.example.com/")).toBe("https://wiki.example.com/graphql");
    expect(graphqlEndpoint("https://wiki.example.com/graphql")).toBe("https://wiki.example.com/graphql");
    expect(() => graphqlEndpoint("https://wiki.example.com/api/pages")).toThrowError(
      expect.objectContaining({ code: "wiki-rest-path", remedy: expect.stringContaining("/graphql") }),
    );
  });

  it("lists pages once each even when they carry several tags", async () => {
    const pages = await client().listPages();
    expect(pages.map((p) => p.path).sort()).toEqual(["guides/backup", "guides/onboarding"]);
    expect(pages.find((p) => p.path === "guides/backup")?.tags.sort()).toEqual(["backup", "ops"]);
  });

  it("reads a page by id and by path, and answers undefined for a missing path", async () => {
    const c = client();
    const byPath = await c.getPageByPath("guides/backup", "en");
    expect(byPath?.content).toContain("Nightly");
    const byId = await c.getPage(byPath!.id);
    expect(byId.title).toBe("Backups");
    expect(await c.getPageByPath("guides/nope", "en")).toBeUndefined();
    await expect(c.getPage(999_999)).rejects.toMatchObject({ code: "wiki-page-not-found" });
  });

  it("searches with the server's engine and resolves hits by path and locale", async () => {
    const hits = await client().search("backup");
    expect(hits.map((h) => h.path)).toContain("guides/backup");
  });

  it("passes hostile text only as variables", async () => {
    const c = client();
    const weird = `"} } mutation { pages { delete(id: 1) } } # $x %_ \\`;
    expect(await c.search(weird)).toEqual([]);
    const created = await c.createPage({
      path: "guides/weird",
      locale: "en",
      title: weird,
      content: `# ${weird}`,
    });
    expect(created.succeeded).toBe(true);
    expect((await c.getPageByPath("guides/weird", "en"))?.title).toBe(weird);
  });

  it("creates and safely updates a page (tags and publication kept)", async () => {
    const c = client();
    const created = await c.createPage({
      path: "guides/new",
      locale: "en",
      title: "New",
      content: "# New\n\nv1",
      tags: ["a"],
    });
    expect(created).toMatchObject({ succeeded: true, message: "Page created successfully." });
    const duplicate = await c.createPage({ path: "guides/new", locale: "en", title: "New", content: "x" });
    expect(duplicate).toMatchObject({ succeeded: false, errorCode: 6002 });
    const updated = await c.updatePage({ id: created.page!.id, content: "# New\n\nv2" });
    expect(updated).toMatchObject({ succeeded: true, message: "Page has been updated." });
    const page = await c.getPage(created.page!.id);
    expect(page.content).toContain("v2");
    expect(page.tags).toEqual(["a"]);
    expect(page.isPublished).toBe(true);
    expect((await c.search("guides/new")).length).toBe(1);
  });

  it("proves real authentication in probe()", async () => {
    const probe = await client().probe();
    expect(probe).toMatchObject({ authenticated: true, canList: true, canReadContent: true });
    expect(probe.pageCount).toBeGreaterThanOrEqual(2);
  });

  it("treats a guest fallback (badly signed token) as an error, not a success", async () => {
    const good = wiki.issueKey();
    const [h, p] = good.split(".");
    writeFileSync(tokenFile, `${h}.${p}.${"A".repeat(43)}`, { mode: 0o600 });
    await expect(client().probe()).rejects.toMatchObject({ code: "wiki-guest-fallback" });
  });

  it("names a revoked key, disabled API, recently expired key, proxy 401/403, wrong URL, and an unreachable wiki", async () => {
    const key = wiki.issueKey();
    writeFileSync(tokenFile, key, { mode: 0o600 });
    wiki.revokeKey(key);
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-key-revoked" });

    writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
    wiki.setApiEnabled(false);
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-api-disabled" });
    wiki.setApiEnabled(true);

    wiki.setProxyMode("401");
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-unauthorized" });
    wiki.setProxyMode("403");
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-forbidden" });
    wiki.setProxyMode("none");

    await expect(client({ baseUrl: `${base}/wiki` }).listPages()).rejects.toMatchObject({
      code: "wiki-not-found-url",
    });

    wiki.setDown(true);
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-unreachable", retryable: true });
    wiki.setDown(false);

    wiki.setLatency(500);
    await expect(client({ timeoutMs: 100 }).listPages()).rejects.toMatchObject({ code: "wiki-timeout" });
  });

  it("reports an expired token file before any request", async () => {
    writeFileSync(tokenFile, wiki.issueKey({ expiredSecondsAgo: 3600 }), { mode: 0o600 });
    const before = wiki.stats().requests;
    await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-token-expired" });
    expect(wiki.stats().requests).toBe(before);
  });

  it("picks up a replaced token file while running", async () => {
    const c = client();
    const key = wiki.issueKey();
    writeFileSync(tokenFile, key, { mode: 0o600 });
    wiki.revokeKey(key);
    await expect(c.listPages()).rejects.toMatchObject({ code: "wiki-key-revoked" });
    await new Promise((r) => setTimeout(r, 1100));
    writeFileSync(tokenFile, `${wiki.issueKey()}\n`, { mode: 0o600 });
    expect((await c.listPages()).length).toBeGreaterThan(0);
  });

  it("never puts the token in an error message", async () => {
    const key = wiki.issueKey();
    writeFileSync(tokenFile, key, { mode: 0o600 });
    wiki.revokeKey(key);
    const error = (await client()
      .listPages()
      .catch((e: unknown) => e)) as Error & { remedy: string };
    expect(`${error.message} ${error.remedy} ${error.stack}`).not.toContain(key);
  });
});
