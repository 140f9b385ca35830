import type { WikiPage, WikiPort } from "../types.js";
import { Engine } from "./engine.js";
import { PassageFileError } from "./passage-file.js";
import type { Passage } from "./passages.js";
import { loadEngine, saveEngine } from "./persist.js";
import type { TextMove } from "./saved-text.js";
import { parseQuery } from "./query.js";
import { rankPages } from "./rank.js";
import { fetchInto, isIndexable, putPage } from "./sync.js";
import { createVisibility } from "./visibility.js";
import type { IndexedPage, SearchIndex, SearchIndexOptions, SearchOptions } from "./index-types.js";

/** Section filters kept for reuse (agents' sections, and pages offered as choices). */
const MAX_FILTERS = 64;

const DEFAULT_LIMIT = 5;

/**
 * The local search index (see SearchIndex for the contract). Builds, refreshes and loads run one
 * at a time; a build fills a new engine and swaps it in, so searches never see a half-built index.
 * Edits made with upsertPage/removePage during a build are applied to the new engine too.
 * A loaded index reads its passages' text from the loaded file, and after a save from the file
 * saved (pages changed since keep theirs in memory); when that file can no longer be read
 * (PassageFileError), the index is dropped and logged: it is not ready, so the running search
 * finds nothing, and the refresh under way (or the next update) builds it again from the wiki.
 */
export function createSearchIndex(options: SearchIndexOptions = {}): SearchIndex {
  const logger = options.logger;
  const now = options.now ?? Date.now;
  let engine = new Engine();
  let ready = false;
  let builtAt: string | undefined;
  let building: Map<number, WikiPage | null> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Puts `next` in place and closes the engine it replaces (and so its loaded file). */
  const swap = (next: Engine) => {
    if (next !== engine) engine.close();
    engine = next;
    visibility.changed();
  };
  const lose = (error: PassageFileError) => {
    logger?.warn(
      { code: error.code, detail: error.message, remedy: error.remedy },
      "saved search index no longer readable",
    );
    swap(new Engine());
    ready = false;
    builtAt = undefined;
  };
  /** `run`, or `fallback` when the loaded file cannot be read (the index is then dropped). */
  const guard = <T>(fallback: T, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof PassageFileError)) throw error;
      lose(error);
      return fallback;
    }
  };

  /** Pages outside their publication window now: indexed, never shown. */
  const visibility = createVisibility(function* () {
    for (const entry of engine.pages.values()) yield entry.meta;
  });
  const hiddenNow = () => visibility.hidden(now());

  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  const matches =
    (section: string, locale: string | undefined, hidden: ReadonlySet<number>) => (page: IndexedPage) =>
      !hidden.has(page.id) &&
      (locale === undefined || page.locale === locale) &&
      (section === "" || page.path === section || page.path.startsWith(`${section}/`));
  /**
   * One filter function per section and locale, so that the engine can keep which pages pass it
   * (a mask per filter) instead of testing a page for each of its matching passages. They are
   * made anew when the pages hidden by their publication window change.
   */
  const filters = new Map<string, (page: IndexedPage) => boolean>();
  let filtersHidden: ReadonlySet<number> | undefined;
  const filterFor = (section: string, locale: string | undefined, hidden: ReadonlySet<number>) => {
    if (hidden !== filtersHidden) {
      filters.clear();
      filtersHidden = hidden;
    }
    const key = `${locale ?? "\u0000"}\u0000${section}`;
    let filter = filters.get(key);
    if (!filter) {
      if (filters.size >= MAX_FILTERS) filters.clear();
      filters.set(key, (filter = matches(section, locale, hidden)));
    }
    return filter;
  };

  async function build(wiki: WikiPort, opts: Parameters<SearchIndex["build"]>[1] = {}): Promise<void> {
    const fresh = new Engine();
    building = new Map();
    try {
      const summaries = (await wiki.listPages()).filter(isIndexable);
      await fetchInto(fresh, wiki, summaries, {
        concurrency: opts.concurrency ?? 8,
        logger,
        onProgress: opts.onProgress,
        failIfNoneRead: true,
      });
      for (const [id, page] of building) {
        if (page === null) fresh.remove(id);
        else if (isIndexable(page)) putPage(fresh, page);
        else fresh.remove(id);
      }
      fresh.freeze();
      swap(fresh);
      ready = true;
      builtAt = new Date().toISOString();
    } finally {
      building = undefined;
    }
  }

  async function refresh(wiki: WikiPort): Promise<{ changed: number; removed: number }> {
    try {
      return await refreshLoaded(wiki);
    } catch (error) {
      if (!(error instanceof PassageFileError)) throw error;
      lose(error);
      return refreshLoaded(wiki);
    } finally {
      // Pages may have been put or removed, even by a refresh that failed half-way.
      visibility.changed();
    }
  }

  async function refreshLoaded(wiki: WikiPort): Promise<{ changed: number; removed: number }> {
    if (!ready) {
      await build(wiki);
      return { changed: engine.pages.size, removed: 0 };
    }
    const listed = new Map((await wiki.listPages()).filter(isIndexable).map((p) => [p.id, p]));
    let removed = 0;
    for (const id of [...engine.pages.keys()]) {
      if (!listed.has(id) && engine.remove(id)) removed++;
    }
    const changed = [...listed.values()].filter(
      (p) => engine.pages.get(p.id)?.meta.updatedAt !== p.updatedAt,
    );
    const target = engine;
    const read = await fetchInto(target, wiki, changed, { concurrency: 4, logger });
    // Rebuilt here, in the background cycle, rather than by the next question's search.
    if (read + removed > 0) target.freeze();
    return { changed: read, removed };
  }

  /**
   * After a page is put or removed by hand (an editor's change), the postings are rebuilt on the
   * next turn of the event loop, once for a burst of changes, instead of by the next search.
   */
  let refreezing: NodeJS.Immediate | undefined;
  const refreezeSoon = () => {
    if (refreezing) return;
    refreezing = setImmediate(() => {
      refreezing = undefined;
      guard(undefined, () => engine.freeze());
    });
    refreezing.unref();
  };

  /**
   * Saves run one at a time (two would race to read back the same path): one asked for while
   * another runs starts when it ends. After each, the pages read their text from the file written
   * (persist.ts, saved-text.ts). When that fails the index keeps serving from where its text was;
   * the failure is logged once, and again only after a save has moved the text since.
   */
  let saving: Promise<void> | undefined;
  let moveFailed = false;
  async function save(file: string): Promise<void> {
    let move: TextMove;
    try {
      move = await saveEngine(file, engine, builtAt);
    } catch (error) {
      if (error instanceof PassageFileError) lose(error);
      throw error;
    }
    if (move.ok) moveFailed = false;
    else if (!moveFailed) {
      moveFailed = true;
      logger?.warn(
        {
          file,
          code: "index-file-not-reopened",
          detail: move.detail,
          remedy:
            "none needed: answers are served from the text held before (memory or the previous file); if it recurs, check the disk holding the state directory",
        },
        "saved search index written but not read back; passage text kept where it was",
      );
    }
  }

  return {
    get ready() {
      return ready;
    },
    build: (wiki, opts) => exclusive(() => build(wiki, opts)),
    refresh: (wiki) => exclusive(() => refresh(wiki)),
    upsertPage(page) {
      building?.set(page.id, page);
      guard(undefined, () => (isIndexable(page) ? putPage(engine, page) : engine.remove(page.id)));
      visibility.changed();
      refreezeSoon();
    },
    removePage(id) {
      building?.set(id, null);
      guard(undefined, () => engine.remove(id));
      visibility.changed();
      refreezeSoon();
    },
    search(query: string, opts: SearchOptions = {}) {
      if (!ready) return [];
      const parsed = parseQuery(query);
      if (parsed.terms.length === 0) return [];
      const section = (opts.section ?? "").replace(/^\/+|\/+$/g, "");
      const hidden = hiddenNow();
      const filter =
        section === "" && opts.locale === undefined && hidden.size === 0
          ? undefined
          : filterFor(section, opts.locale, hidden);
      return guard([], () => rankPages(engine, parsed, filter, opts.limit ?? DEFAULT_LIMIT));
    },
    pages: () => {
      const hidden = hiddenNow();
      return [...engine.pages.values()].filter((e) => !hidden.has(e.meta.id)).map((e) => e.meta);
    },
    indexedPage: (id) => engine.pages.get(id)?.meta,
    opening(id) {
      const entry = engine.pages.get(id);
      if (!entry || hiddenNow().has(id)) return undefined;
      return guard(undefined, () => engine.passage(entry, 0));
    },
    pagePassages(id) {
      const entry = engine.pages.get(id);
      if (!entry || hiddenNow().has(id)) return [];
      return guard([], () => {
        const out: Passage[] = [];
        for (let i = 0, p = engine.passage(entry, 0); p; p = engine.passage(entry, ++i)) out.push(p);
        return out;
      });
    },
    visibility: () => {
      hiddenNow();
      return visibility.epoch();
    },
    save: (file) => {
      // Idle: the pages are encoded now, as they are at the call.
      const run = saving ? saving.then(() => save(file)) : save(file);
      const settled = run.then(
        () => {},
        () => {},
      );
      saving = settled;
      void settled.then(() => {
        if (saving === settled) saving = undefined;
      });
      return run;
    },
    load: (file) =>
      exclusive(async () => {
        const outcome = await loadEngine(file);
        if (!outcome.ok) {
          if (outcome.reason !== "missing") {
            logger?.warn(
              {
                file,
                code: `index-file-${outcome.reason}`,
                detail: outcome.detail,
                remedy: "none needed: the index is rebuilt from the wiki",
              },
              "saved search index not usable",
            );
          } else logger?.info({ file }, "no saved search index yet");
          return false;
        }
        swap(outcome.engine);
        builtAt = outcome.builtAt;
        ready = true;
        return true;
      }),
    stats: () => ({
      pages: engine.pages.size,
      passages: engine.passageCount,
      ...(builtAt ? { builtAt } : {}),
    }),
  };
}
