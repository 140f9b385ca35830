import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage, isGatewayError } from "../../errors.js";
import type { MutationResult, WikiPort } from "../types.js";
import { firstSentence } from "../short-message.js";
import { isWikiError, mutationError } from "../wiki-error.js";
import { listMarkdownFiles } from "./list-markdown.js";
import { descriptionOf, mapWikiPath, titleOf } from "./mapping.js";

export interface ImportFailure {
  /** Relative to the imported folder, `/`-separated. */
  file: string;
  path?: string;
  reason: string;
}

export interface ImportSummary {
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: ImportFailure[];
  /** Files not tried because the import stopped (see `stopped`). */
  skipped: number;
  /** Why the import stopped early: an error that would fail every file (token, rights, wiki down). */
  stopped?: { code: string; message: string; remedy: string };
  /** Stopped by the operator (Ctrl-C): the counts are what was done until then. */
  interrupted?: boolean;
  /** Nothing was written: the counts say what a real run would do. */
  dryRun?: boolean;
  seconds: number;
}

export interface ImportOptions {
  wiki: WikiPort;
  dir: string;
  prefix?: string;
  /** Default "en". */
  locale?: string;
  /** Files in flight at most; default DEFAULT_IMPORT_CONCURRENCY. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /** When it aborts, no further file is started; files in flight finish; the summary says so. */
  signal?: AbortSignal;
  /** Read and compare only: report what would be created or updated, write nothing. */
  dryRun?: boolean;
}

/**
 * Files in flight by default. A real Wiki.js renders each page and rebuilds its whole page tree
 * on every create, one at a time: more parallel writes add no speed there, only tree-job
 * failures (which the client confirms by reading back) and load on the wiki.
 */
export const DEFAULT_IMPORT_CONCURRENCY = 2;

/** Errors that concern the wiki or the key, not the file: going on would fail every file the same way. */
const FATAL = new Set([
  "wiki-unreachable",
  "wiki-timeout",
  "wiki-not-found-url",
  "wiki-rest-path",
  "wiki-url-invalid",
  "wiki-unauthorized",
  "wiki-forbidden",
  "wiki-key-revoked",
  "wiki-api-disabled",
  "wiki-token-missing",
  "wiki-token-malformed",
  "wiki-token-expired",
  "wiki-guest-fallback",
  "wiki-needs-manage-pages",
  "wiki-validation",
  "wiki-bad-response",
]);

type Outcome = "created" | "updated" | "unchanged";

/**
 * Imports every `.md` file under `dir` through the wiki client: create; or, when the path exists,
 * update in the safe form (content with the page's current tags and publication state) unless
 * nothing changed, so a second run resumes an interrupted one by skipping the pages already there
 * and unchanged. Files whose name cannot be mapped, or that map to the same path as another, are
 * reported and skipped. At most `concurrency` files in flight. A per-file failure is recorded with
 * a one-sentence reason and the import goes on; an error about the wiki or the key stops it, and
 * so does `signal` (the summary then counts what was done). `dryRun` writes nothing.
 */
export async function importMarkdownFolder(options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const { wiki } = options;
  const locale = options.locale ?? "en";
  const files = await listMarkdownFiles(options.dir);
  const summary: ImportSummary = {
    files: files.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    skipped: 0,
    seconds: 0,
  };

  const planned = new Map<string, string>();
  const jobs: Array<{ file: string; path: string }> = [];
  for (const file of files) {
    const mapped = mapWikiPath(file, options.prefix);
    if (!mapped.ok) {
      summary.failed.push({ file, reason: mapped.reason });
      continue;
    }
    const clash = planned.get(mapped.path);
    if (clash) {
      summary.failed.push({ file, path: mapped.path, reason: `maps to the same wiki path as ${clash}` });
      continue;
    }
    planned.set(mapped.path, file);
    jobs.push({ file, path: mapped.path });
  }

  const existing = new Map<string, number>();
  try {
    for (const page of await wiki.listPages()) if (page.locale === locale) existing.set(page.path, page.id);
  } catch (error) {
    if (!isWikiError(error)) throw error;
    summary.stopped = { code: error.code, message: error.message, remedy: error.remedy };
    summary.skipped = jobs.length;
    summary.seconds = (performance.now() - started) / 1000;
    return summary;
  }

  async function importOne(file: string, path: string): Promise<Outcome> {
    const content = await readFile(join(options.dir, file), "utf8");
    const title = titleOf(content, file.split("/").pop() ?? file);
    const description = descriptionOf(content);
    let id = existing.get(path);
    if (id === undefined) {
      if (options.dryRun) return "created";
      const created = await wiki.createPage({ path, locale, title, description, content });
      if (created.succeeded) return "created";
      if (created.errorCode !== 6002) throw mutationError(`creating ${path}`, created);
      id = (await wiki.getPageByPath(path, locale))?.id; // created meanwhile: update it instead
      if (id === undefined) throw mutationError(`creating ${path}`, created);
    }
    const current = await wiki.getPage(id);
    if (current.content === content && current.title === title && current.description === description)
      return "unchanged";
    if (options.dryRun) return "updated";
    const result: MutationResult = await wiki.updatePage({ id, content, title, description, current });
    if (!result.succeeded) throw mutationError(`updating ${path}`, result);
    return "updated";
  }

  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !summary.stopped && !options.signal?.aborted) {
      const job = jobs[next++]!;
      try {
        summary[await importOne(job.file, job.path)] += 1;
      } catch (error) {
        if (isWikiError(error) && FATAL.has(error.code)) {
          summary.stopped ??= { code: error.code, message: error.message, remedy: error.remedy };
          summary.skipped += 1;
        } else {
          const reason = isGatewayError(error)
            ? `${error.message} (fix: ${error.remedy})`
            : firstSentence(errorMessage(error), 300);
          summary.failed.push({ file: job.file, path: job.path, reason });
        }
      }
      done += 1;
      options.onProgress?.(done, jobs.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY) }, worker),
  );
  summary.skipped += jobs.length - next;
  if (options.signal?.aborted) summary.interrupted = true;
  if (options.dryRun) summary.dryRun = true;
  summary.failed.sort((a, b) => a.file.localeCompare(b.file));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** True when every file was imported (created, updated or unchanged). */
export function importSucceeded(summary: ImportSummary): boolean {
  return summary.failed.length === 0 && summary.skipped === 0 && !summary.stopped && !summary.interrupted;
}
