import { errorMessage, isGatewayError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import type { SearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";

export interface WikiState {
  ok: boolean;
  /** What is wrong, with the remedy, when not ok. */
  detail?: string;
  code?: string;
  checkedAt?: string;
}

/**
 * Keeps the local search index and the knowledge of the wiki's health current:
 * on start, load the saved index (ready at once) or build it; then every `refreshSeconds`, prove
 * the token still authenticates and refresh the index incrementally (by updatedAt), saving it
 * when it changed. Failures change the state (and /readyz), never stop the daemon.
 */
export function createWikiWatch(deps: {
  wiki: WikiPort;
  index: SearchIndex;
  indexFile: string;
  refreshSeconds: number;
  logger: Logger;
  onIndexSize?: (pages: number) => void;
}) {
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

  async function cycle(): Promise<void> {
    try {
      const probe = await wiki.probe();
      if (!probe.authenticated) throw new Error("the wiki token does not authenticate");
      if (lastProblem !== undefined) logger.info("the wiki is usable again");
      lastProblem = undefined;
      state = { ok: true, checkedAt: new Date().toISOString() };
    } catch (error) {
      fail(error);
      return;
    }
    try {
      if (!index.ready) {
        const started = Date.now();
        await index.build(wiki, { concurrency: 8 });
        logger.info({ ...index.stats(), ms: Date.now() - started }, "search index built");
        await index.save(deps.indexFile);
      } else {
        const { changed, removed } = await index.refresh(wiki);
        if (changed + removed > 0) {
          logger.info({ changed, removed }, "search index refreshed");
          await index.save(deps.indexFile);
        }
      }
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
    /** Loads the saved index synchronously enough for a fast ready; the rest runs in the background. */
    async start(): Promise<void> {
      const started = Date.now();
      if (await index.load(deps.indexFile).catch(() => false)) {
        logger.info({ ...index.stats(), ms: Date.now() - started }, "search index loaded");
        deps.onIndexSize?.(index.stats().pages);
      }
      running = cycle().finally(schedule);
    },
    /** Runs a check and refresh now (after the gateway's own edits, or on demand). */
    refreshNow: () => cycle(),
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
