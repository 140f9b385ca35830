import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createImportProgress } from "../../../../src/cli/import-progress.js";
import { wikiCommand } from "../../../../src/cli/wiki.js";
import { createSandboxWiki } from "../../../../packages/sandbox/src/wiki/index.js";
import { createWikiClient } from "../../../../src/wiki/client/wiki-client.js";
import { importMarkdownFolder } from "../../../../src/wiki/import/import-folder.js";
import { captureIo } from "../../../helpers/cli.js";
import { importFixtures } from "../../../helpers/import-fixtures.js";

/** `wiki import` on a wiki as slow and quirky as a real one: once per page, stoppable, resumable. */
const { tempDir, keep } = importFixtures("wg-import-resume-");

function folder(count: number): string {
  const root = tempDir();
  mkdirSync(join(root, "notes"));
  for (let i = 0; i < count; i++)
    writeFileSync(join(root, "notes", `note-${i}.md`), `# Note ${i}\n\nText ${i}.\n`);
  return root;
}

async function startWiki(writeLatencyMs = 0) {
  const wiki = createSandboxWiki({ writeLatencyMs });
  keep(wiki);
  const base = await wiki.listen(0, "127.0.0.1");
  const tokenFile = join(tempDir(), "wiki.token");
  writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
  const client = createWikiClient({
    baseUrl: base,
    tokenFile,
    timeoutMs: 5000,
    writeTimeoutMs: 100,
    confirmDelaysMs: [0, 200, 400],
  });
  return { wiki, base, tokenFile, client };
}

describe("wiki import against a slow wiki", () => {
  it("a create that outlasts the write timeout is counted created, once (never 'unchanged')", async () => {
    const { wiki, client } = await startWiki(250);
    const summary = await importMarkdownFolder({ wiki: client, dir: folder(4), concurrency: 2 });
    expect(summary).toMatchObject({ created: 4, unchanged: 0, failed: [] });
    expect(wiki.stats().byOperation["pages.create"]).toBe(4);
  });

  it("page-tree job failures count as created, and no SQL reaches the summary", async () => {
    const { wiki, client } = await startWiki();
    wiki.setTreeJobFailure("always");
    const summary = await importMarkdownFolder({ wiki: client, dir: folder(3) });
    expect(summary).toMatchObject({ created: 3, failed: [] });
    expect(JSON.stringify(summary)).not.toMatch(/insert into/);
  });

  it("a page the key may not write is failed with Wiki.js's 6010 and a one-line reason", async () => {
    const { wiki, tokenFile, base } = await startWiki();
    writeFileSync(tokenFile, wiki.issueKey({ deniedPaths: ["notes"] }), { mode: 0o600 });
    const client = createWikiClient({ baseUrl: base, tokenFile });
    const summary = await importMarkdownFolder({ wiki: client, dir: folder(1) });
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0]!.reason).toMatch(
      /^the wiki refused creating notes\/note-0: PageDeleteForbidden \(6010\): You are not authorized to delete this page\. \(fix: .*page rules/,
    );
  });

  it("--dry-run reads and compares but writes nothing", async () => {
    const { wiki, client } = await startWiki();
    const dir = folder(3);
    wiki.seed([{ path: "notes/note-0", title: "Note 0", content: "old" }]);
    const summary = await importMarkdownFolder({ wiki: client, dir, dryRun: true });
    expect(summary).toMatchObject({ created: 2, updated: 1, unchanged: 0, dryRun: true });
    expect(wiki.stats().byOperation["pages.create"] ?? 0).toBe(0);
    expect(wiki.stats().byOperation["pages.update"] ?? 0).toBe(0);
  });

  it("stops cleanly when told (Ctrl-C), and a second run resumes where it stopped", async () => {
    const { client } = await startWiki(50);
    const dir = folder(10);
    const stop = new AbortController();
    const first = await importMarkdownFolder({
      wiki: client,
      dir,
      concurrency: 1,
      signal: stop.signal,
      onProgress: (done) => {
        if (done === 4) stop.abort();
      },
    });
    expect(first).toMatchObject({ created: 4, skipped: 6, interrupted: true, failed: [] });
    const second = await importMarkdownFolder({ wiki: client, dir });
    expect(second).toMatchObject({ created: 6, unchanged: 4, failed: [], skipped: 0 });
    expect(second.interrupted).toBeUndefined();
  });

  it("the CLI prints the summary so far and exits 130 when interrupted; --dry-run says 'would be'", async () => {
    const { base, tokenFile } = await startWiki(100);
    const env = { WIKI_URL: base, WIKI_TOKEN_FILE: tokenFile };
    const dir = folder(30);
    const dry = captureIo(env);
    expect(await wikiCommand.run(["import", dir, "--dry-run"], dry)).toBe(0);
    expect(dry.stdout()).toMatch(/30 files: 30 would be created, 0 would be updated/);
    const io = captureIo(env);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 400);
    expect(await wikiCommand.run(["import", dir, "--concurrency", "1"], io, stop.signal)).toBe(130);
    expect(io.stdout()).toMatch(/import interrupted: run the same command again to resume/);
    expect(io.stdout()).toMatch(/\d+ not tried/);
  });
});

describe("import progress", () => {
  it("without a terminal: one line every 25 files and one at the end", () => {
    const lines: string[] = [];
    let t = 0;
    const progress = createImportProgress({ isTty: false, err: (s) => void lines.push(s) }, () => (t += 100));
    for (let done = 1; done <= 60; done++) progress(done, 60);
    expect(lines.map((l) => l.trim().split(",")[0])).toEqual(["25/60 files", "50/60 files", "60/60 files"]);
    expect(lines[2]).toMatch(/pages\/s/);
  });

  it("on a terminal: a bar redrawn in place, ending with a newline", () => {
    const out: string[] = [];
    let t = 0;
    const progress = createImportProgress({ isTty: true, err: (s) => void out.push(s) }, () => (t += 250));
    for (let done = 1; done <= 4; done++) progress(done, 4);
    expect(out.every((s) => s.startsWith("\r["))).toBe(true);
    expect(out.at(-1)).toMatch(/^\r\[#{30}\] 4\/4 files, .* pages\/s\n$/);
  });
});
