import { errorMessage, isGatewayError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import { loadSavedIndex, type SearchIndex, updateIndex } from "../wiki/search-index/index.js";
import type { PageSummary, WikiPort } from "../wiki/types.js";

export interface WikiState {
  ok: boolean;
  /** What is wrong, with the remedy, when not ok. */
  detail?: string;
  code?: string;
  checkedAt?: string;
}

export interface WikiWatch {
  state(): WikiState;
  /** Loads the saved index synchronously enough for a fast ready; the rest runs in the background. */
  start(): Promise<void>;
  /** Runs a check and refresh now (after the gateway's own edits, or on demand). */
  refreshNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps the local search index and the knowledge of the wiki's health current:
 * on start, load the saved index (ready at once) or build it; then every `refreshSeconds`, prove
 * the token still authenticates and refresh the index incrementally (by updatedAt), saving it
 * when it changed. Failures change the state (and /readyz), never stop the daemon.
 * Contract: a cycle asks the wiki for the list of pages at most once (a wiki of thousands of pages
 * makes that the costliest request): the probe proves the rights on a page id known from an earlier
 * listing, and the index refresh reuses the cycle's one listing. Only a page deleted since, or an
 * empty wiki, makes the probe list again.
 */
export function createWikiWatch(deps: {
  wiki: WikiPort;
  index: SearchIndex;
  indexFile: string;
  refreshSeconds: number;
  logger: Logger;
  onIndexSize?: (pages: number) => void;
  /** No saved index could be loaded at start: the first cycle builds the index from the wiki. */
  onColdStart?: () => void;
}): WikiWatch {
  const { wiki, index, logger } = deps;
  let state: WikiState = { ok: false, detail: "not checked yet" };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastProblem: string | undefined;

  const fail = (error: unknown) => {
    const code = isGatewayError(error) ? error.code : "wiki-error";
    const detail = isGatewayError(error) ? `${error.message}; fix: ${error.remedy}` : errorMessage(error);
    state = { ok: false, code, detail, checkedAt: new Date().toISOString() };
    if (lastProblem !== code) {
      logger.error(
        { err: error, code, ...(isGatewayError(error) ? { remedy: error.remedy } : {}) },
        "the wiki is not usable",
      );
      lastProblem = code;
    }
  };

  let knownPageId: number | undefined;

  async function cycle(): Promise<void> {
    let listing: Promise<PageSummary[]> | undefined;
    const listOnce = () =>
      (listing ??= wiki.listPages().then((pages) => {
        knownPageId = pages[0]?.id;
        return pages;
      }));
    const cycleWiki = withListing(wiki, listOnce);
    try {
      if (knownPageId === undefined) await listOnce();
      const probe = await wiki.probe(knownPageId === undefined ? {} : { knownPageId });
      if (!probe.authenticated) throw new Error("the wiki token does not authenticate");
      if (lastProblem !== undefined) logger.info("the wiki is usable again");
      lastProblem = undefined;
      state = { ok: true, checkedAt: new Date().toISOString() };
    } catch (error) {
      fail(error);
      return;
    }
    try {
      // Saving is local: a failure is the state directory's problem, not the wiki's (the index in
      // memory is kept and saved again at the next change).
      const { built, changed, removed, ms } = await updateIndex(index, cycleWiki, deps.indexFile, {
        onSaveError: (err) =>
          logger.warn(
            { err, file: deps.indexFile, remedy: "check the state directory's disk space and permissions" },
            "the search index could not be saved",
          ),
      });
      if (built) logger.info({ ...index.stats(), ms }, "search index built");
      else if (changed + removed > 0) logger.info({ changed, removed }, "search index refreshed");
      deps.onIndexSize?.(index.stats().pages);
    } catch (error) {
      fail(error);
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = cycle().finally(schedule);
    }, deps.refreshSeconds * 1000);
    timer.unref();
  };

  return {
    state: () => state,
    async start(): Promise<void> {
      const started = Date.now();
      if (await loadSavedIndex(index, deps.indexFile)) {
        logger.info({ ...index.stats(), ms: Date.now() - started }, "search index loaded");
        deps.onIndexSize?.(index.stats().pages);
      } else deps.onColdStart?.();
      running = cycle().finally(schedule);
    },
    refreshNow: () => cycle(),
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

/** The wiki, with `listPages` answered by the given function (every other call goes through). */
function withListing(wiki: WikiPort, listPages: () => Promise<PageSummary[]>): WikiPort {
  return {
    listPages,
    getPage: (id) => wiki.getPage(id),
    getPageByPath: (path, locale) => wiki.getPageByPath(path, locale),
    search: (query, locale) => wiki.search(query, locale),
    createPage: (input) => wiki.createPage(input),
    updatePage: (input) => wiki.updatePage(input),
    probe: (options) => wiki.probe(options),
  };
}
