import { nextPublishChange, withinPublishWindow } from "../publish-window.js";
import type { IndexedPage } from "./index-types.js";

/**
 * Which indexed pages are outside their publication window now. A scheduled or expired page stays
 * in the index (its window is in its metadata, saved with it), and is left out of what the index
 * shows: its window opens or closes with time, not with a change the refresh would see (the page's
 * updatedAt does not move), so it is decided when asked.
 *
 * Contract: `hidden(now)` returns the same Set object for as long as its contents do not change
 * (callers key caches on it); it rescans the pages only after `changed()` or once `now` passes the
 * earliest bound ahead. `epoch()` grows each time the set changes.
 */
export interface Visibility {
  /** To be called after any page is put, replaced or removed. */
  changed(): void;
  hidden(now: number): ReadonlySet<number>;
  epoch(): number;
}

export function createVisibility(pages: () => Iterable<IndexedPage>): Visibility {
  let dirty = true;
  let nextChange = Number.POSITIVE_INFINITY;
  let hidden: ReadonlySet<number> = new Set();
  let epoch = 0;

  function rescan(now: number): void {
    dirty = false;
    nextChange = Number.POSITIVE_INFINITY;
    const next = new Set<number>();
    for (const meta of pages()) {
      if (meta.publishStartDate === undefined && meta.publishEndDate === undefined) continue;
      if (!withinPublishWindow(meta, now)) next.add(meta.id);
      const change = nextPublishChange(meta, now);
      if (change !== undefined && change < nextChange) nextChange = change;
    }
    if (next.size !== hidden.size || [...next].some((id) => !hidden.has(id))) {
      hidden = next;
      epoch += 1;
    }
  }

  return {
    changed: () => {
      dirty = true;
    },
    hidden(now) {
      if (dirty || now >= nextChange) rescan(now);
      return hidden;
    },
    epoch: () => epoch,
  };
}
