import { errorMessage } from "../../errors.js";
import type { Logger } from "../../log/logger.js";
import type { PageSummary, WikiPage, WikiPort } from "../types.js";
import { WIKI_CODES, type WikiErrorCode } from "../wiki-error.js";
import type { Engine } from "./engine.js";
import { PassageFileError } from "./passage-file.js";
import { splitPassages } from "./passages.js";
import type { IndexedPage } from "./index-types.js";

/** The window's bounds that are set ("" ones left out). */
function windowOf(page: WikiPage): Pick<IndexedPage, "publishStartDate" | "publishEndDate"> {
  return {
    ...(page.publishStartDate ? { publishStartDate: page.publishStartDate } : {}),
    ...(page.publishEndDate ? { publishEndDate: page.publishEndDate } : {}),
  };
}

/**
 * Only published, non-private pages are indexed: `isReadable` (../readable.ts). Their publication
 * window is kept with them and judged when they are shown (visibility.ts).
 */
export { isReadable as isIndexable } from "../readable.js";

export function toIndexedPage(page: PageSummary): IndexedPage {
  return {
    id: page.id,
    path: page.path,
    locale: page.locale,
    title: page.title || page.path.split("/").pop() || page.path,
    description: page.description ?? "",
    updatedAt: page.updatedAt,
  };
}

/**
 * Puts a fetched page into the engine with its publication window; `updatedAt` is the listed one
 * when given (the refresh key). A scheduled or expired page is put too: the index decides when
 * asked whether it is shown (visibility.ts).
 */
export function putPage(engine: Engine, page: WikiPage, updatedAt = page.updatedAt): void {
  const meta: IndexedPage = {
    ...toIndexedPage(page),
    ...windowOf(page),
    updatedAt,
    ...(page.contentCut ? { contentCut: true } : {}),
  };
  engine.put(meta, splitPassages(page.content ?? "", meta));
}

/**
 * Reads the given pages (bounded concurrency) into the engine. A page that cannot be read is
 * skipped and logged, unless too many fail (more than 3 and more than 1 %): then the first error
 * is thrown, since the wiki itself is the problem (token, network), not one page. With
 * `failIfNoneRead` (a build), a failure of every read is thrown too, however few pages there are:
 * a guest's or a revoked key's empty index must not be saved and trusted. A PassageFileError (the
 * engine's loaded file is unreadable) is thrown at once: no page can be replaced then.
 */
export async function fetchInto(
  engine: Engine,
  wiki: WikiPort,
  summaries: PageSummary[],
  opts: {
    concurrency: number;
    logger?: Pick<Logger, "warn"> | undefined;
    onProgress?: ((done: number, total: number) => void) | undefined;
    failIfNoneRead?: boolean | undefined;
  },
): Promise<number> {
  const total = summaries.length;
  const failures: unknown[] = [];
  let next = 0;
  let done = 0;
  /** Set when the loaded index file failed: the engine is being dropped, the other workers stop. */
  let aborted = false;
  const worker = async () => {
    while (next < total && !aborted) {
      const summary = summaries[next++]!;
      if (failures.length > Math.max(3, total * 0.01)) return;
      try {
        const page = await wiki.getPage(summary.id);
        if (aborted) return;
        if (page.contentCut)
          opts.logger?.warn(
            {
              code: "wiki-page-too-large" satisfies WikiErrorCode,
              page: page.path,
              remedy: WIKI_CODES["wiki-page-too-large"].remedy,
            },
            "a page longer than WIKI_PAGE_MAX_BYTES is indexed up to it",
          );
        putPage(engine, page, summary.updatedAt);
      } catch (error) {
        if (error instanceof PassageFileError) {
          aborted = true;
          throw error;
        }
        failures.push(error);
        opts.logger?.warn({ page: summary.path, err: errorMessage(error) }, "page not indexed");
      }
      done++;
      opts.onProgress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, total)) }, worker));
  if (failures.length > Math.max(3, total * 0.01)) throw failures[0];
  if (opts.failIfNoneRead && total > 0 && failures.length === total) throw failures[0];
  return total - failures.length;
}
