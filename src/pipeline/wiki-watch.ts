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
  /** When not ok: when the watch tries the wiki again (ISO-8601). */
  nextTryAt?: string;
}

export interface WikiWatch {
  state(): WikiState;
  /** A check or build of the wiki is under way while the index is not ready (it is being built). */
  indexBuilding(): boolean;
  /** Loads the saved index synchronously enough for a fast ready; the rest runs in the background. */
  start(): Promise<void>;
  /** Runs a check and refresh now (after the gateway's own edits, or on demand); the next follows from it. */
  refreshNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps the local search index and the knowledge of the wiki's health current:
 * on start, load the saved index (ready at once) or build it; then every `refreshSeconds`, prove
 * the token still authenticates and refresh the index incrementally (by updatedAt), saving it
 * when it changed. Failures change the state (and /readyz), never stop the daemon; after a failed
 * cycle the wiki is tried again sooner, `firstRetryMs` (2 s) doubling up to `refreshSeconds`, so a
 * wiki that starts after the gateway is found within seconds. Nothing is tried after `stop`.
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
  /** The first retry after a failed cycle, in ms (default 2000); each next one doubles. */
  firstRetryMs?: number;
}): WikiWatch {
  const { wiki, index, logger } = deps;
  const refreshMs = deps.refreshSeconds * 1000;
  const firstRetryMs = Math.min(refreshMs, deps.firstRetryMs ?? FIRST_RETRY_MS);
  let state: WikiState = { ok: false, detail: "not checked yet" };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let cycling = 0;
  let stopped = false;
  let lastProblem: string | undefined;
  /** The wait before the next try while cycles fail; undefined after a good cycle. */
  let retryMs: number | undefined;

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

  /** One check and index update; true when both went through. */
  async function cycle(): Promise<boolean> {
    cycling++;
    try {
      return await checkAndUpdate();
    } finally {
      cycling--;
    }
  }

  async function checkAndUpdate(): Promise<boolean> {
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
      return false;
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
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  /**
   * The next cycle (the one pending timer): after the refresh interval, or sooner, backing off,
   * after a failed one.
   */
  const schedule = (ok: boolean) => {
    clearTimeout(timer);
    if (stopped) return;
    retryMs = ok ? undefined : retryMs === undefined ? firstRetryMs : Math.min(refreshMs, retryMs * 2);
    const delay = retryMs ?? refreshMs;
    if (!state.ok) state = { ...state, nextTryAt: new Date(Date.now() + delay).toISOString() };
    timer = setTimeout(() => {
      running = run();
    }, delay);
    timer.unref();
  };
  const run = (): Promise<void> =>
    cycle()
      .catch(() => false)
      .then(schedule);

  return {
    state: () => state,
    indexBuilding: () => cycling > 0 && !index.ready,
    async start(): Promise<void> {
      const started = Date.now();
      if (await loadSavedIndex(index, deps.indexFile)) {
        logger.info({ ...index.stats(), ms: Date.now() - started }, "search index loaded");
        deps.onIndexSize?.(index.stats().pages);
      } else deps.onColdStart?.();
      running = run();
    },
    async refreshNow(): Promise<void> {
      schedule(await cycle().catch(() => false));
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

const FIRST_RETRY_MS = 2000;

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
