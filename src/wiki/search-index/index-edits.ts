import type { WikiPage, WikiPort } from "../types.js";
import { buildIndex, type PendingEdits, refreshIndex } from "./index-build.js";
import type { EngineHolder } from "./index-holder.js";
import type { BuildOptions, SearchIndex } from "./index-types.js";
import { loadIndex } from "./index-save.js";
import { isIndexable, putPage } from "./sync.js";

/** What changes an index's pages: builds, refreshes and loads one at a time, and editors' changes. */
export interface IndexEdits extends Pick<SearchIndex, "build" | "refresh" | "load"> {
  /** A page put (`page`) or removed (null) by hand: an editor's change. */
  edited(id: number, page: WikiPage | null): void;
}

/**
 * Builds, refreshes and loads run one at a time; a build fills a new engine and swaps it in, so
 * searches never see a half-built index (index-build.ts). Edits made with `edited` during a build
 * are applied to the new engine too. After an edit the postings are rebuilt on the next turn of
 * the event loop, once for a burst of changes, instead of by the next search.
 */
export function createIndexEdits(holder: EngineHolder): IndexEdits {
  let building: PendingEdits | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };
  const build = async (wiki: WikiPort, opts?: BuildOptions) => {
    building = new Map();
    try {
      await buildIndex(holder, wiki, building, opts);
    } finally {
      building = undefined;
    }
  };

  let refreezing: NodeJS.Immediate | undefined;
  const refreezeSoon = () => {
    if (refreezing) return;
    refreezing = setImmediate(() => {
      refreezing = undefined;
      holder.guard(undefined, () => holder.engine.freeze());
    });
    refreezing.unref();
  };

  return {
    build: (wiki, opts) => exclusive(() => build(wiki, opts)),
    refresh: (wiki) => exclusive(() => refreshIndex(holder, wiki, () => build(wiki))),
    load: (file) => exclusive(() => loadIndex(holder, file)),
    edited(id, page) {
      building?.set(id, page);
      holder.guard(undefined, () =>
        page !== null && isIndexable(page) ? putPage(holder.engine, page) : holder.engine.remove(id),
      );
      holder.changed();
      refreezeSoon();
    },
  };
}
