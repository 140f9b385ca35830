import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxWiki, type SeedPage } from "../../../../packages/sandbox/src/wiki/index.js";
import { DEBOUNCE_MS } from "../../../../packages/sandbox/src/wiki/persistence.js";
import { CREATE, createVars, startWiki, type WikiHarness } from "./helpers.js";

const dirs: string[] = [];
let h: WikiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-wiki-"));
  dirs.push(dir);
  return dir;
}

function corpus(count: number): SeedPage[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `common/cmd-${i}`,
    title: `cmd-${i}`,
    description: `Does thing number ${i}.`,
    content: `# cmd-${i}\n\n> Does thing number ${i}.\n\n- Run it:\n\n\`cmd-${i} --flag\`\n`.repeat(3),
    tags: i % 3 === 0 ? ["common", "tldr"] : ["tldr"],
  }));
}

describe("sandbox wiki: persistence", () => {
  it("pages, keys and revocations survive a restart on the same data dir", async () => {
    const dataDir = tempDir();
    h = await startWiki({ dataDir });
    const created = await h.gql(CREATE, createVars({ path: "kept/page", title: "Kept" }), h.admin);
    expect(created.json.data.pages.create.responseResult.succeeded).toBe(true);
    const revoked = h.wiki.issueKey();
    h.wiki.revokeKey(revoked);
    const admin = h.admin;
    await h.close();
    expect(statSync(join(dataDir, "wiki.json")).mode & 0o777).toBe(0o600);

    const wiki = createSandboxWiki({ dataDir });
    const base = await wiki.listen();
    try {
      expect(wiki.pageCount()).toBe(6);
      const ask = (token: string) =>
        fetch(`${base}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            query: '{ pages { singleByPath(path: "kept/page", locale: "en") { id title } } }',
          }),
        });
      const answer = await ask(admin);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: unknown }).data).toEqual({
        pages: { singleByPath: { id: 6, title: "Kept" } },
      });
      expect((await ask(revoked)).status).toBe(500);
    } finally {
      await wiki.close();
    }
  });

  it("writes changes within the debounce window, without waiting for close", async () => {
    const dataDir = tempDir();
    h = await startWiki({ dataDir });
    await h.gql(CREATE, createVars({ path: "soon" }), h.admin);
    await new Promise((r) => setTimeout(r, DEBOUNCE_MS + 600));
    const saved = JSON.parse(readFileSync(join(dataDir, "wiki.json"), "utf8")) as {
      store: { pages: Array<{ path: string }> };
    };
    expect(saved.store.pages.map((p) => p.path)).toContain("soon");
  });

  it("seeds 7,000 pages fast, replaces existing path+locale, and serves list/search over them", async () => {
    const dataDir = tempDir();
    h = await startWiki({ dataDir, pages: [] });
    const pages = corpus(7000);
    const started = performance.now();
    h.wiki.seed(pages);
    const seedMs = performance.now() - started;
    expect(h.wiki.pageCount()).toBe(7000);
    h.wiki.seed([{ path: "common/cmd-5", title: "Replaced", content: "new" }]);
    expect(h.wiki.pageCount()).toBe(7000);

    let t = performance.now();
    const list = await h.gql("{ pages { list { id path tags } } }", {}, h.admin);
    const listMs = performance.now() - t;
    expect(list.json.data.pages.list).toHaveLength(7000);
    expect(list.json.data.pages.list[5]).toMatchObject({ id: 6, path: "common/cmd-5", tags: [] });
    t = performance.now();
    const search = await h.gql(
      '{ pages { search(query: "cmd-69") { results { path } totalHits } } }',
      {},
      h.admin,
    );
    const searchMs = performance.now() - t;
    // 111 pages match (cmd-69, cmd-690..699, cmd-6900..6999); Wiki.js stops at search.maxHits.
    expect(search.json.data.pages.search.totalHits).toBe(100);
    expect(search.json.data.pages.search.results).toHaveLength(100);
    t = performance.now();
    await h.close();
    const closeMs = performance.now() - t;
    h = undefined;
    const sizeMb = statSync(join(dataDir, "wiki.json")).size / 1e6;
    console.log(
      `seed 7000: ${seedMs.toFixed(0)} ms; list all: ${listMs.toFixed(0)} ms; search: ${searchMs.toFixed(0)} ms; ` +
        `close+flush: ${closeMs.toFixed(0)} ms; file ${sizeMb.toFixed(1)} MB`,
    );
    t = performance.now();
    const reloaded = createSandboxWiki({ dataDir });
    console.log(`reload 7000: ${(performance.now() - t).toFixed(0)} ms`);
    expect(reloaded.pageCount()).toBe(7000);
    await reloaded.close();
  });
});
