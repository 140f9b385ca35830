import type { WikiPage } from "../types.js";
import { buildIndex, type PendingEdits, refreshIndex } from "./index-build.js";
import { createEngineHolder } from "./index-holder.js";
import { createSaver, loadIndex } from "./index-save.js";
import type {
  RankedPage,
  PageDirectory,
  SearchIndex,
  SearchIndexOptions,
  SearchOptions,
  SearchOutcome,
} from "./index-types.js";
import { searchWithTwins } from "./twins.js";
import { createPageFilters } from "./page-filters.js";
import type { Passage } from "./passages.js";
import { parseQuery } from "./query.js";
import { type Language, languageOf } from "./analyzer.js";
import { rankPages } from "./rank.js";
import { DEFAULT_SETTINGS } from "./settings.js";
import { isIndexable, putPage } from "./sync.js";
import { pageMarkdown } from "./page-entry.js";
import { referenceKeys } from "./references.js";
import { cachedDirectory } from "./page-directory.js";
import type { EngineHolder } from "./index-holder.js";

const DEFAULT_LIMIT = 5;

/**
 * The locales a search keeps (undefined: all; "*" among them: all) and the languages its question
 * is read in: those of the locales, in order (none known: each word by its script).
 */
function searchedLocales(opts: SearchOptions): {
  locales: readonly string[] | undefined;
  languages: Language[];
} {
  const given = opts.locales ?? (opts.locale === undefined ? undefined : [opts.locale]);
  const languages = (given ?? []).flatMap((l) => languageOf(l) ?? []);
  return { locales: given?.includes("*") ? undefined : given, languages };
}

/**
 * The local search index (see SearchIndex for the contract), ranking with `options.settings`
 * (DEFAULT_SETTINGS when absent). Builds, refreshes and loads run one at a time; a build fills a
 * new engine and swaps it in, so searches never see a half-built index (index-build.ts). Edits made
 * with upsertPage/removePage during a build are applied to the new engine too. A loaded index reads
 * its passages' text from the loaded file, and after a save from the file saved (index-save.ts);
 * when that file can no longer be read, the index is dropped and logged (index-holder.ts): it is
 * not ready, so the running search finds nothing, and the refresh under way (or the next update)
 * builds it again from the wiki.
 */
export function createSearchIndex(options: SearchIndexOptions = {}): SearchIndex {
  const holder = createEngineHolder(options.settings ?? DEFAULT_SETTINGS, options);
  const filterFor = createPageFilters();
  const save = createSaver(holder);
  let building: PendingEdits | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };
  const build = async (
    wiki: Parameters<SearchIndex["build"]>[0],
    opts?: Parameters<SearchIndex["build"]>[1],
  ) => {
    building = new Map();
    try {
      await buildIndex(holder, wiki, building, opts);
    } finally {
      building = undefined;
    }
  };
  const edited = (id: number, page: WikiPage | null) => {
    building?.set(id, page);
    holder.guard(undefined, () =>
      page !== null && isIndexable(page) ? putPage(holder.engine, page) : holder.engine.remove(id),
    );
    holder.changed();
    refreezeSoon();
  };

  /**
   * After a page is put or removed by hand (an editor's change), the postings are rebuilt on the
   * next turn of the event loop, once for a burst of changes, instead of by the next search.
   */
  let refreezing: NodeJS.Immediate | undefined;
  const refreezeSoon = () => {
    if (refreezing) return;
    refreezing = setImmediate(() => {
      refreezing = undefined;
      holder.guard(undefined, () => holder.engine.freeze());
    });
    refreezing.unref();
  };

  /** One text ranked as the options say; a twin's words are not guessed at (twins.ts). */
  const rank = (query: string, opts: SearchOptions, twin = false): RankedPage[] => {
    const { locales, languages } = searchedLocales(opts);
    const parsed = parseQuery(query, holder.settings.queryWeights, languages);
    if (twin) parsed.guesses.clear();
    if (parsed.terms.length === 0) return [];
    const section = (opts.section ?? "").replace(/^\/+|\/+$/g, "");
    const hidden = holder.hiddenNow();
    const filter =
      section === "" && locales === undefined && hidden.size === 0
        ? undefined
        : filterFor(section, locales, hidden);
    return holder.guard([], () => rankPages(holder.engine, parsed, filter, opts.limit ?? DEFAULT_LIMIT));
  };
  /** The question as typed, or its keyboard or transliteration twin when that finds clearly more (twins.ts). */
  const lookup = (query: string, opts: SearchOptions = {}): SearchOutcome =>
    holder.ready ? searchWithTwins(query, (text, twin) => rank(text, opts, twin)) : { pages: [] };

  return {
    get ready() {
      return holder.ready;
    },
    build: (wiki, opts) => exclusive(() => build(wiki, opts)),
    refresh: (wiki) => exclusive(() => refreshIndex(holder, wiki, () => build(wiki))),
    upsertPage: (page) => edited(page.id, page),
    removePage: (id) => edited(id, null),
    lookup,
    search: (query, opts) => lookup(query, opts).pages,
    pages: () => {
      const hidden = holder.hiddenNow();
      return [...holder.engine.pages.values()].filter((e) => !hidden.has(e.meta.id)).map((e) => e.meta);
    },
    indexedPage: (id) => holder.engine.pages.get(id)?.meta,
    directory: shownDirectory(holder),
    opening(id) {
      const entry = holder.engine.pages.get(id);
      if (!entry || holder.hiddenNow().has(id)) return undefined;
      return holder.guard(undefined, () => holder.engine.passage(entry, 0));
    },
    mentions(id) {
      const entry = holder.engine.pages.get(id);
      if (!entry || holder.hiddenNow().has(id)) return new Set<string>();
      return holder.guard(new Set<string>(), () => referenceKeys(pageMarkdown(entry), entry.meta.title));
    },
    pagePassages(id) {
      const entry = holder.engine.pages.get(id);
      if (!entry || holder.hiddenNow().has(id)) return [];
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
    save,
    load: (file) => exclusive(() => loadIndex(holder, file)),
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
    return directoryFor([engine, engine.freeze(), hidden], function* () {
      for (const entry of engine.pages.values()) if (!hidden.has(entry.meta.id)) yield entry.meta;
    });
  };
}
