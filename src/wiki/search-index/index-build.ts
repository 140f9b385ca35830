import type { WikiPage, WikiPort } from "../types.js";
import type { EngineHolder } from "./index-holder.js";
import type { BuildOptions } from "./index-types.js";
import { PassageFileError } from "./passage-file.js";
import { fetchInto, isIndexable, putPage } from "./sync.js";

/**
 * Edits made by hand (upsertPage/removePage) while a build runs: page id → the page, or null for
 * a removal. The build applies them to the engine it fills before swapping it in.
 */
export type PendingEdits = Map<number, WikiPage | null>;

/**
 * Fills a fresh engine from the wiki, applies the edits made meanwhile (`pending`, filled by the
 * caller while this runs), freezes it and swaps it in: searches never see a half-built index.
 * Rejects with the wiki's error, leaving the holder as it was.
 */
export async function buildIndex(
  holder: EngineHolder,
  wiki: WikiPort,
  pending: PendingEdits,
  opts: BuildOptions = {},
): Promise<void> {
  const fresh = holder.fresh();
  const summaries = (await wiki.listPages()).filter(isIndexable);
  await fetchInto(fresh, wiki, summaries, {
    concurrency: opts.concurrency ?? 8,
    logger: holder.logger,
    onProgress: opts.onProgress,
    failIfNoneRead: true,
  });
  for (const [id, page] of pending) {
    if (page !== null && isIndexable(page)) putPage(fresh, page);
    else fresh.remove(id);
  }
  fresh.freeze();
  holder.swap(fresh);
  holder.ready = true;
  holder.builtAt = new Date(holder.now()).toISOString();
}

/**
 * Re-reads the pages whose updatedAt changed and drops the ones gone from the list (a full build
 * when the index is not ready). When the loaded file can no longer be read half-way, the index is
 * dropped and rebuilt.
 */
export async function refreshIndex(
  holder: EngineHolder,
  wiki: WikiPort,
  build: () => Promise<void>,
): Promise<{ changed: number; removed: number }> {
  try {
    return await refreshLoaded(holder, wiki, build);
  } catch (error) {
    if (!(error instanceof PassageFileError)) throw error;
    holder.lose(error);
    return refreshLoaded(holder, wiki, build);
  } finally {
    // Pages may have been put or removed, even by a refresh that failed half-way.
    holder.changed();
  }
}

async function refreshLoaded(
  holder: EngineHolder,
  wiki: WikiPort,
  build: () => Promise<void>,
): Promise<{ changed: number; removed: number }> {
  if (!holder.ready) {
    await build();
    return { changed: holder.engine.pages.size, removed: 0 };
  }
  const target = holder.engine;
  const listed = new Map((await wiki.listPages()).filter(isIndexable).map((p) => [p.id, p]));
  let removed = 0;
  for (const id of [...target.pages.keys()]) {
    if (!listed.has(id) && target.remove(id)) removed++;
  }
  const changed = [...listed.values()].filter((p) => target.pages.get(p.id)?.meta.updatedAt !== p.updatedAt);
  const read = await fetchInto(target, wiki, changed, { concurrency: 4, logger: holder.logger });
  // Rebuilt here, in the background cycle, rather than by the next question's search.
  if (read + removed > 0) target.freeze();
  return { changed: read, removed };
}
