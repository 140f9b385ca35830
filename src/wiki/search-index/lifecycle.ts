import type { WikiPort } from "../types.js";
import type { SearchIndex } from "./index-types.js";

/** What `updateIndex` did. */
export interface IndexUpdate {
  /** The index was built from scratch (it was not ready). */
  built: boolean;
  /** Pages re-read and pages dropped by an incremental refresh. */
  changed: number;
  removed: number;
  ms: number;
}

/**
 * The index lifecycle, step one: the saved index from the state directory. False when there is
 * none, or it is corrupt or of another version (the index then needs a build).
 */
export function loadSavedIndex(index: SearchIndex, file: string): Promise<boolean> {
  return index.load(file).catch(() => false);
}

/**
 * The index lifecycle, step two: an index that is not ready is built from the wiki; a ready one is
 * refreshed incrementally (pages whose updatedAt changed, pages gone). Either way it is saved to
 * `file` when its contents changed. Rejects when the wiki fails; a failed save rejects too unless
 * `onSaveError` takes it.
 */
export async function updateIndex(
  index: SearchIndex,
  wiki: WikiPort,
  file: string,
  options: { concurrency?: number; onSaveError?: (error: unknown) => void } = {},
): Promise<IndexUpdate> {
  const started = Date.now();
  let update: Omit<IndexUpdate, "ms">;
  if (!index.ready) {
    await index.build(wiki, { concurrency: options.concurrency ?? 8 });
    update = { built: true, changed: 0, removed: 0 };
  } else {
    update = { built: false, ...(await index.refresh(wiki)) };
  }
  const ms = Date.now() - started;
  if (update.built || update.changed + update.removed > 0) {
    try {
      await index.save(file);
    } catch (error) {
      if (!options.onSaveError) throw error;
      options.onSaveError(error);
    }
  }
  return { ...update, ms };
}
