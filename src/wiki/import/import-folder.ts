import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { errorMessage, isGatewayError } from "../../errors.js";
import type { WikiPort } from "../types.js";
import { descriptionOf, titleOf, wikiPathFor } from "./mapping.js";

export interface ImportSummary {
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: Array<{ file: string; path?: string; reason: string }>;
  seconds: number;
}

export interface ImportOptions {
  wiki: WikiPort;
  dir: string;
  prefix?: string;
  locale?: string;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Imports every `.md` file under `dir` through the wiki client: create, or update (safe form)
 * when the path exists with other content; unchanged pages are left alone. Bounded concurrency;
 * a failure is recorded with its reason and the import goes on.
 */
export async function importMarkdownFolder(options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const locale = options.locale ?? "en";
  const files = await listMarkdown(options.dir);
  const summary: ImportSummary = {
    files: files.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    seconds: 0,
  };
  const existing = new Map<string, number>();
  for (const page of await options.wiki.listPages())
    if (page.locale === locale) existing.set(page.path, page.id);

  const planned = new Map<string, string>();
  const jobs: Array<{ file: string; path: string }> = [];
  for (const file of files) {
    const rel = relative(options.dir, file);
    const path = wikiPathFor(rel, options.prefix);
    if (!path) {
      summary.failed.push({ file: rel, reason: "its name leaves no usable wiki path" });
      continue;
    }
    const clash = planned.get(path);
    if (clash) {
      summary.failed.push({ file: rel, path, reason: `maps to the same wiki path as ${clash}` });
      continue;
    }
    planned.set(path, rel);
    jobs.push({ file, path });
  }

  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const rel = relative(options.dir, job.file);
      try {
        const content = await readFile(job.file, "utf8");
        const title = titleOf(content, rel.split(/[\\/]/).pop() ?? rel);
        const description = descriptionOf(content);
        const id = existing.get(job.path);
        if (id === undefined) {
          const result = await options.wiki.createPage({
            path: job.path,
            locale,
            title,
            description,
            content,
          });
          if (result.succeeded) summary.created += 1;
          else
            summary.failed.push({
              file: rel,
              path: job.path,
              reason: `${result.slug} (${result.errorCode}): ${result.message}`,
            });
        } else {
          const current = await options.wiki.getPage(id);
          if (current.content === content && current.title === title && current.description === description) {
            summary.unchanged += 1;
          } else {
            const result = await options.wiki.updatePage({ id, content, title, description });
            if (result.succeeded) summary.updated += 1;
            else
              summary.failed.push({
                file: rel,
                path: job.path,
                reason: `${result.slug} (${result.errorCode}): ${result.message}`,
              });
          }
        }
      } catch (error) {
        const reason = isGatewayError(error)
          ? `${error.message} (fix: ${error.remedy})`
          : errorMessage(error);
        summary.failed.push({ file: rel, path: job.path, reason });
      }
      done += 1;
      options.onProgress?.(done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

async function listMarkdown(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listMarkdown(full)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".md")) out.push(full);
  }
  return out.sort();
}
