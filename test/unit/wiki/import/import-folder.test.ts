import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wikiCommand } from "../../../../src/cli/wiki.js";
import { createSandboxWiki } from "../../../../packages/sandbox/src/wiki/index.js";
import { createWikiClient } from "../../../../src/wiki/client/wiki-client.js";
import { handbookDir } from "../../../../packages/sandbox/src/handbook.js";
import { importMarkdownFolder, importSucceeded } from "../../../../src/wiki/import/import-folder.js";
import { listMarkdownFiles } from "../../../../src/wiki/import/list-markdown.js";
import { captureIo } from "../../../helpers/cli.js";
import { importFixtures } from "../../../helpers/import-fixtures.js";

/** `wiki import` through the real client over HTTP into the sandbox wiki. */
const { tempDir, keep } = importFixtures("wg-import-");

async function startWiki() {
  const wiki = createSandboxWiki();
  keep(wiki);
  const base = await wiki.listen(0, "127.0.0.1");
  const tokenFile = join(tempDir(), "wiki.token");
  writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
  const client = createWikiClient({ baseUrl: base, tokenFile, timeoutMs: 5000, retries: 0, concurrency: 4 });
  return { wiki, base, tokenFile, client };
}

function write(root: string, file: string, text: string): void {
  const full = join(root, file);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, text);
}

function smallFolder(): string {
  const root = tempDir();
  write(root, "guides/backup.md", "# Backups\n\n> How the nightly backup works.\n\nRun `restore`.\n");
  write(root, "guides/On Boarding.md", "# First day\n\nLaptop, badge\nand accounts.\n\n## Later\n");
  write(root, "guides/deep/c++.md", "No heading here.\n");
  write(root, "guides/mkfs.ext4.md", "# mkfs.ext4\n\n> Create an ext4 filesystem.\n");
  write(root, "guides/a b.md", "# a b\n");
  write(root, "guides/a-b.md", "# a-b\n");
  write(root, "guides/empty.md", "   \n");
  write(root, "guides/ .md", "# nothing\n");
  write(root, ".git/ignored.md", "# hidden folders are skipped\n");
  write(root, "guides/notes.txt", "not markdown");
  return root;
}

describe("wiki import", () => {
  it("creates pages with mapped paths, titles and descriptions, and reports what it could not import", async () => {
    const { client } = await startWiki();
    const dir = smallFolder();
    const progress: number[] = [];
    const summary = await importMarkdownFolder({
      wiki: client,
      dir,
      prefix: "Docs",
      onProgress: (done) => progress.push(done),
    });
    expect(summary).toMatchObject({ files: 8, created: 5, updated: 0, unchanged: 0, skipped: 0 });
    expect(summary.failed.map((f) => f.file)).toEqual(["guides/ .md", "guides/a-b.md", "guides/empty.md"]);
    expect(summary.failed.find((f) => f.file === "guides/a-b.md")?.reason).toMatch(
      /same wiki path as guides\/a b\.md/,
    );
    expect(summary.failed.find((f) => f.file === "guides/empty.md")?.reason).toMatch(
      /PageEmptyContent \(6004\)/,
    );
    expect(importSucceeded(summary)).toBe(false);
    expect(progress.at(-1)).toBe(6);

    const backup = await client.getPageByPath("docs/guides/backup", "en");
    expect(backup).toMatchObject({
      title: "Backups",
      description: "How the nightly backup works.",
      isPublished: true,
    });
    expect(await client.getPageByPath("docs/guides/on-boarding", "en")).toMatchObject({
      title: "First day",
      description: "Laptop, badge and accounts.",
    });
    expect(await client.getPageByPath("docs/guides/deep/c_plus_plus", "en")).toMatchObject({
      title: "c++",
      description: "No heading here.",
    });
    expect(await client.getPageByPath("docs/guides/mkfs-ext4", "en")).toMatchObject({ title: "mkfs.ext4" });
  });

  it("a second run changes nothing; an edited file is updated safely (tags and publication kept)", async () => {
    const { client } = await startWiki();
    const dir = tempDir();
    write(dir, "ops/backup.md", "# Backups\n\n> v1\n");
    write(dir, "ops/restore.md", "# Restore\n\n> v1\n");
    expect(await importMarkdownFolder({ wiki: client, dir })).toMatchObject({ created: 2, failed: [] });

    const restore = (await client.getPageByPath("ops/restore", "en"))!;
    await client.updatePage({
      id: restore.id,
      content: restore.content,
      tags: ["ops", "keep"],
      isPublished: false,
    });
    write(dir, "ops/restore.md", "# Restore\n\n> v2\n");
    const again = await importMarkdownFolder({ wiki: client, dir });
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 1, failed: [] });
    expect(importSucceeded(again)).toBe(true);
    const updated = await client.getPage(restore.id);
    expect(updated).toMatchObject({ description: "v2", isPublished: false });
    expect(updated.tags.sort()).toEqual(["keep", "ops"]);
  });

  it("stops at the first error about the wiki or the key instead of failing every file", async () => {
    const { wiki, tokenFile, client } = await startWiki();
    const dir = smallFolder();
    const key = wiki.issueKey();
    writeFileSync(tokenFile, key, { mode: 0o600 });
    wiki.revokeKey(key);
    const summary = await importMarkdownFolder({ wiki: client, dir });
    expect(summary.stopped).toMatchObject({
      code: "wiki-key-revoked",
      remedy: expect.stringContaining("API Access"),
    });
    expect(summary.created).toBe(0);
    expect(summary.skipped).toBe(6);
    expect(wiki.stats().requests).toBe(1);
  });

  it("imports the team handbook, edge cases included, each file at a distinct valid path", async () => {
    const { wiki, client } = await startWiki();
    const dir = handbookDir();
    const files = await listMarkdownFiles(dir);
    expect(files.length).toBeGreaterThan(50);
    const summary = await importMarkdownFolder({ wiki: client, dir, prefix: "handbook", concurrency: 8 });
    // Wiki.js refuses empty content (6004): the empty file is the one failure, with the reason.
    expect(summary.failed).toEqual([
      {
        file: "edge-cases/empty.md",
        path: "handbook/edge-cases/empty",
        reason: expect.stringContaining("PageEmptyContent (6004)"),
      },
    ]);
    const imported = files.length - 1;
    expect(summary.created).toBe(imported);
    expect(wiki.pageCount()).toBe(imported);
    const paths = (await client.listPages()).map((p) => p.path);
    expect(new Set(paths).size).toBe(imported);
    // Lower-case letters (accents kept: "Café Crème.md" → café-crème), digits, "_", "-" and "/".
    for (const path of paths) expect(path).toMatch(/^handbook\/[\p{Ll}\p{Nd}_\-/]+$/u);
    expect(paths).toEqual(
      expect.arrayContaining([
        "handbook/edge-cases/_bang",
        "handbook/edge-cases/_percent",
        "handbook/edge-cases/c_plus_plus",
        "handbook/edge-cases/_dot",
        "handbook/edge-cases/mkfs-ext4",
        "handbook/edge-cases/docker-compose",
        "handbook/edge-cases/a/b/c/d/e/f/g/deep-page",
      ]),
    );
    const page = (path: string) => client.getPageByPath(path, "en");
    expect(await page("handbook/edge-cases/_comma")).toMatchObject({ title: "," });
    expect(await page("handbook/edge-cases/comma")).toMatchObject({ title: "comma" });
    // Two pages titled "On-call", in two sections.
    expect(await page("handbook/engineering/on-call")).toMatchObject({ title: "On-call" });
    expect(await page("handbook/support/on-call")).toMatchObject({ title: "On-call" });
    // No heading: the file name; front matter only: no title from the YAML, nor a description.
    expect(await page("handbook/edge-cases/no-heading")).toMatchObject({ title: "no-heading" });
    expect(await page("handbook/edge-cases/front-matter-only")).toMatchObject({
      title: "front-matter-only",
      description: "",
    });
    // Latin-1 bytes are read as UTF-8: replaced, never a failure. CRLF lines still give a title.
    expect((await page("handbook/edge-cases/latin1"))?.title).toBe("Caf\uFFFD menu");
    expect(await page("handbook/edge-cases/windows-line-endings")).toMatchObject({
      title: "Windows line endings",
      description: "A page saved with CRLF line endings.",
    });
    const huge = await page("handbook/edge-cases/huge-page");
    expect(huge?.content.length).toBeGreaterThan(300_000);
    const hits = await client.search("handbook/edge-cases/");
    expect(hits.length).toBeGreaterThan(10);
  });
});

describe("wiki-gateway wiki import", () => {
  it("reads WIKI_URL / WIKI_TOKEN_FILE, prints progress on stderr and a summary; exit 1 when a file failed", async () => {
    const { base, tokenFile, client } = await startWiki();
    const dir = tempDir();
    write(dir, "team/handbook.md", "# Handbook\n\n> How we work.\n");
    const env = { WIKI_URL: base, WIKI_TOKEN_FILE: tokenFile };
    const io = captureIo(env);
    expect(await wikiCommand.run(["import", dir, "--prefix", "kb", "--locale", "en"], io)).toBe(1);
    expect(io.stdout()).toMatch(/starts with "kb".*--prefix/); // /kb/... would be read as locale "kb"
    expect(await wikiCommand.run(["import", dir, "--prefix", "team-kb", "--locale", "en"], io)).toBe(0);
    expect(io.stderr()).toMatch(/1\/1 files/);
    expect(io.stdout()).toMatch(/1 files: 1 created, 0 updated, 0 unchanged, 0 failed \(/);
    expect(await client.getPageByPath("team-kb/team/handbook", "en")).toMatchObject({ title: "Handbook" });

    write(dir, "team/blank.md", "\n");
    const again = captureIo(env);
    expect(await wikiCommand.run(["import", dir, "--prefix", "team-kb", "--json"], again)).toBe(1);
    const summary = JSON.parse(again.stdout()) as { unchanged: number; failed: Array<{ file: string }> };
    expect(summary.unchanged).toBe(1);
    expect(summary.failed.map((f) => f.file)).toEqual(["team/blank.md"]);
  });

  it("bad usage is a UsageError", async () => {
    await expect(wikiCommand.run(["export"], captureIo())).rejects.toMatchObject({ code: "usage" });
    await expect(wikiCommand.run(["import"], captureIo())).rejects.toMatchObject({ code: "usage" });
    await expect(wikiCommand.run(["import", "/nonexistent-folder"], captureIo())).rejects.toMatchObject({
      code: "usage",
    });
    await expect(
      wikiCommand.run(["import", tmpdir(), "--concurrency", "0"], captureIo()),
    ).rejects.toMatchObject({
      code: "usage",
    });
  });
});
