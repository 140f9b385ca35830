import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSandboxWiki } from "../src/sandbox/wiki/index.js";
import { createWikiClient } from "../src/wiki/client/index.js";
import { importMarkdownFolder } from "../src/wiki/import/import-folder.js";
import { TLDR_ROOT } from "./lib/corpus.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";

/**
 * How long `wiki import` takes for the whole tldr corpus: the real client over HTTP into the
 * sandbox wiki, each run into a fresh wiki; median of `runs`.
 */
export async function run(options: { runs?: number; concurrency?: number } = {}) {
  const runs = options.runs ?? 3;
  const seconds: number[] = [];
  let files = 0;
  let failed = 0;
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "wg-import-"));
    const wiki = createSandboxWiki({ dataDir: join(dir, "wiki") });
    const url = await wiki.listen();
    const tokenFile = join(dir, "token");
    writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
    try {
      const client = createWikiClient({ baseUrl: url, tokenFile, concurrency: options.concurrency ?? 8 });
      const summary = await importMarkdownFolder({
        wiki: client,
        dir: TLDR_ROOT,
        prefix: "tldr",
        concurrency: options.concurrency ?? 8,
      });
      seconds.push(summary.seconds);
      files = summary.files;
      failed = summary.failed.length;
    } finally {
      await wiki.close();
    }
  }
  const data = {
    runs,
    files,
    failed,
    seconds,
    medianSeconds: median(seconds),
    pagesPerSecond: files / median(seconds),
  };
  const table = writeResults("wiki-import", data, {
    title: `wiki import of the tldr corpus into the sandbox wiki (real client over HTTP), median of ${runs} runs`,
    columns: ["files", "failed", "seconds", "pages/s"],
    rows: [[files, failed, round(data.medianSeconds, 1), round(data.pagesPerSecond, 0)]],
  });
  return { data, table };
}
