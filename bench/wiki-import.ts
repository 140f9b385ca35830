import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tldrRoot } from "../packages/sandbox/src/tldr-corpus.js";
import { createSandboxWiki } from "../packages/sandbox/src/wiki/index.js";
import { createWikiClient } from "../src/wiki/client/wiki-client.js";
import { importMarkdownFolder } from "../src/wiki/import/import-folder.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";

export interface WikiImportBenchOptions {
  runs?: number;
  /** Files in flight (import and client). Default 8. */
  concurrency?: number;
  /** Folder to import; default the tldr corpus (TLDR_DIR, or ../shared/corpus/tldr beside the repository). */
  dir?: string;
}

/**
 * How long `wiki import` takes for the whole tldr corpus: the real client over HTTP (127.0.0.1)
 * into the sandbox wiki started in this process, each run into a fresh, persisted data folder;
 * median of `runs` (default 3). Writes bench/results/wiki-import.json (and .md).
 */
export async function run(options: WikiImportBenchOptions = {}) {
  const runs = options.runs ?? 3;
  const concurrency = options.concurrency ?? 8;
  const dir = options.dir ?? tldrRoot();
  const seconds: number[] = [];
  let files = 0;
  let created = 0;
  let failed: Array<{ file: string; reason: string }> = [];
  for (let i = 0; i < runs; i++) {
    const work = mkdtempSync(join(tmpdir(), "wg-bench-import-"));
    const wiki = createSandboxWiki({ dataDir: join(work, "wiki") });
    try {
      const url = await wiki.listen(0, "127.0.0.1");
      const tokenFile = join(work, "wiki.token");
      writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
      const client = createWikiClient({ baseUrl: url, tokenFile, concurrency });
      const summary = await importMarkdownFolder({ wiki: client, dir, prefix: "tldr", concurrency });
      if (summary.stopped) throw new Error(`import stopped: ${summary.stopped.message}`);
      if (wiki.pageCount() !== summary.created)
        throw new Error(`wiki has ${wiki.pageCount()} pages, ${summary.created} created`);
      seconds.push(summary.seconds);
      files = summary.files;
      created = summary.created;
      failed = summary.failed.map((f) => ({ file: f.file, reason: f.reason }));
      process.stderr.write(
        `wiki-import run ${i + 1}/${runs}: ${summary.created} pages in ${summary.seconds.toFixed(2)} s\n`,
      );
    } finally {
      await wiki.close();
      rmSync(work, { recursive: true, force: true });
    }
  }
  const medianSeconds = median(seconds);
  const data = {
    runs,
    concurrency,
    files,
    created,
    failed,
    seconds: seconds.map((s) => round(s, 3)),
    medianSeconds: round(medianSeconds, 3),
    pagesPerSecond: round(created / medianSeconds, 1),
  };
  const table = writeResults("wiki-import", data, {
    title: `wiki import of the tldr corpus into the sandbox wiki (real client over HTTP, concurrency ${concurrency}), median of ${runs} runs`,
    columns: ["files", "created", "failed", "seconds (median)", "pages/s"],
    rows: [[files, created, failed.length, round(medianSeconds, 2), round(data.pagesPerSecond, 0)]],
    notes: failed.length ? [`failed: ${failed.map((f) => `${f.file} (${f.reason})`).join("; ")}`] : [],
  });
  return { data, table };
}

const invokedAs = process.argv[1];
if (invokedAs && import.meta.url === pathToFileURL(resolve(invokedAs)).href) {
  const { data, table } = await run();
  process.stdout.write(`${table}\n\n${data.pagesPerSecond} pages/s, ${data.medianSeconds} s (median)\n`);
}
