import { loadSavedIndex } from "../wiki/search-index/index.js";
import { createWikiCycle, type WikiCycleDeps, type WikiState } from "./wiki-cycle.js";

export type { WikiState };

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
export function createWikiWatch(
  deps: WikiCycleDeps & {
    /** The first retry after a failed cycle, in ms (default 2000); each next one doubles. */
    firstRetryMs?: number;
  },
): WikiWatch {
  const { index, logger } = deps;
  const refreshMs = deps.refreshSeconds * 1000;
  const firstRetryMs = Math.min(refreshMs, deps.firstRetryMs ?? FIRST_RETRY_MS);
  const cycles = createWikiCycle(deps);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** The wait before the next try while cycles fail; undefined after a good cycle. */
  let retryMs: number | undefined;

  /**
   * The next cycle (the one pending timer): after the refresh interval, or sooner, backing off,
   * after a failed one.
   */
  const schedule = (ok: boolean) => {
    clearTimeout(timer);
    if (stopped) return;
    retryMs = ok ? undefined : retryMs === undefined ? firstRetryMs : Math.min(refreshMs, retryMs * 2);
    const delay = retryMs ?? refreshMs;
    cycles.nextTryAt(Date.now() + delay);
    timer = setTimeout(() => {
      running = run();
    }, delay);
    timer.unref();
  };
  const run = (): Promise<void> =>
    cycles
      .cycle()
      .catch(() => false)
      .then(schedule);

  return {
    state: () => cycles.state(),
    indexBuilding: () => cycles.cycling() && !index.ready,
    async start(): Promise<void> {
      const started = Date.now();
      if (await loadSavedIndex(index, deps.indexFile)) {
        logger.info({ ...index.stats(), ms: Date.now() - started }, "search index loaded");
        deps.onIndexSize?.(index.stats().pages);
      } else deps.onColdStart?.();
      running = run();
    },
    async refreshNow(): Promise<void> {
      schedule(await cycles.cycle().catch(() => false));
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

const FIRST_RETRY_MS = 2000;
