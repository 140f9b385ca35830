import { stat, utimes } from "node:fs/promises";
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
 * How long ago the saved index in `file` was last built or checked against the wiki, in
 * milliseconds (its modification time; `updateIndex` renews it on every successful refresh).
 * Undefined when there is no such file.
 */
export async function savedIndexAgeMs(file: string, now: number = Date.now()): Promise<number | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info === undefined ? undefined : Math.max(0, now - info.mtimeMs);
}

/**
 * The index lifecycle, step two: an index that is not ready is built from the wiki; a ready one is
 * refreshed incrementally (pages whose updatedAt changed, pages gone). Either way it is saved to
 * `file` when its contents changed; a refresh that changed nothing renews the file's modification
 * time instead (best effort), so `savedIndexAgeMs` says when it was last checked. Rejects when the wiki fails; a failed save rejects too unless
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
  } else {
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
  }
  return { ...update, ms };
}
