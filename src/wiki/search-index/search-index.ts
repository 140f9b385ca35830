import { createIndexEdits } from "./index-edits.js";
import { createEngineHolder, type EngineHolder } from "./index-holder.js";
import { createLookup } from "./index-lookup.js";
import { createSaver } from "./index-save.js";
import type { IndexedPage, PageDirectory, SearchIndex, SearchIndexOptions } from "./index-types.js";
import type { Passage } from "./passages.js";
import { DEFAULT_SETTINGS } from "./settings.js";
import { pageMarkdown } from "./page-entry.js";
import { referenceKeys } from "./references.js";
import { cachedDirectory } from "./page-directory.js";

/**
 * The local search index (see SearchIndex for the contract), ranking with `options.settings`
 * (DEFAULT_SETTINGS when absent). Its parts: the engine holder (index-holder.ts), what changes the
 * pages (builds, refreshes, loads and editors' changes, index-edits.ts), the search
 * (index-lookup.ts) and the saver (index-save.ts). A loaded index reads its passages' text from
 * the loaded file, and after a save from the file saved (index-save.ts); when that file can no
 * longer be read, the index is dropped and logged (index-holder.ts): it is not ready, so the
 * running search finds nothing, and the refresh under way (or the next update) builds it again
 * from the wiki.
 */
export function createSearchIndex(options: SearchIndexOptions = {}): SearchIndex {
  const holder = createEngineHolder(options.settings ?? DEFAULT_SETTINGS, options);
  const edits = createIndexEdits(holder);
  const lookup = createLookup(holder);
  /** The page's entry while it is indexed and inside its publication window. */
  const shown = (id: number) => {
    const entry = holder.engine.pages.get(id);
    return entry && !holder.hiddenNow().has(id) ? entry : undefined;
  };

  return {
    get ready() {
      return holder.ready;
    },
    build: edits.build,
    refresh: edits.refresh,
    upsertPage: (page) => edits.edited(page.id, page),
    removePage: (id) => edits.edited(id, null),
    lookup,
    search: (query, opts) => lookup(query, opts).pages,
    pages: () => [...shownMetas(holder)],
    indexedPage: (id) => holder.engine.pages.get(id)?.meta,
    directory: shownDirectory(holder),
    opening(id) {
      const entry = shown(id);
      return entry && holder.guard(undefined, () => holder.engine.passage(entry, 0));
    },
    mentions(id) {
      const entry = shown(id);
      if (!entry) return new Set<string>();
      return holder.guard(new Set<string>(), () => referenceKeys(pageMarkdown(entry), entry.meta.title));
    },
    pagePassages(id) {
      const entry = shown(id);
      if (!entry) return [];
      return holder.guard([], () => {
        const out: Passage[] = [];
        const { engine } = holder;
        for (let i = 0, p = engine.passage(entry, 0); p; p = engine.passage(entry, ++i)) out.push(p);
        return out;
      });
    },
    visibility: () => {
      holder.hiddenNow();
      return holder.epoch();
    },
    save: createSaver(holder),
    load: edits.load,
    stats: () => ({
      pages: holder.engine.pages.size,
      passages: holder.engine.passageCount,
      ...(holder.builtAt ? { builtAt: holder.builtAt } : {}),
    }),
  };
}

/**
 * The directory of the pages shown now (page-directory.ts), built again only when the pages or the
 * hidden set changed: the postings' object is made anew by any change of the pages.
 */
function shownDirectory(holder: EngineHolder): () => PageDirectory {
  const directoryFor = cachedDirectory();
  return () => {
    const hidden = holder.hiddenNow();
    const { engine } = holder;
    return directoryFor([engine, engine.freeze(), hidden], () => shownMetas(holder, hidden));
  };
}

/** The pages shown now (none hidden by their publication window), in the engine's order. */
function* shownMetas(holder: EngineHolder, hidden = holder.hiddenNow()): Generator<IndexedPage> {
  for (const entry of holder.engine.pages.values()) if (!hidden.has(entry.meta.id)) yield entry.meta;
}
