import { errorMessage, isGatewayError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import { type SearchIndex, updateIndex } from "../wiki/search-index/index.js";
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

export interface WikiCycleDeps {
  wiki: WikiPort;
  index: SearchIndex;
  indexFile: string;
  refreshSeconds: number;
  logger: Logger;
  onIndexSize?: (pages: number) => void;
  /** The index caught up with the wiki (a cycle went through). */
  onRefreshed?: () => void;
  /** The index could not be saved to the state directory (it is logged here). */
  onSaveError?: (error: unknown) => void;
  /** No saved index could be loaded at start: the first cycle builds the index from the wiki. */
  onColdStart?: () => void;
}

/** One check of the wiki and update of the index at a time, and the wiki's state they leave. */
export interface WikiCycle {
  /** Proves the token and refreshes the index; true when both went through. Never rejects for the wiki. */
  cycle(): Promise<boolean>;
  state(): WikiState;
  /** A cycle is under way. */
  cycling(): boolean;
  /** When the watch tries again (ms since the epoch): said in the state while it is not ok. */
  nextTryAt(at: number): void;
}

/**
 * The cycle of createWikiWatch (see there): a failure changes the state and is logged once per
 * code; the list of pages is asked at most once per cycle.
 */
export function createWikiCycle(deps: WikiCycleDeps): WikiCycle {
  const { wiki, index, logger } = deps;
  let state: WikiState = { ok: false, detail: "not checked yet" };
  let cycling = 0;
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
        onSaveError: (err) => {
          logger.warn(
            { err, file: deps.indexFile, remedy: "check the state directory's disk space and permissions" },
            "the search index could not be saved",
          );
          deps.onSaveError?.(err);
        },
      });
      if (built) logger.info({ ...index.stats(), ms }, "search index built");
      else if (changed + removed > 0) logger.info({ changed, removed }, "search index refreshed");
      deps.onIndexSize?.(index.stats().pages);
      deps.onRefreshed?.();
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  return {
    cycle,
    state: () => state,
    cycling: () => cycling > 0,
    nextTryAt(at) {
      if (!state.ok) state = { ...state, nextTryAt: new Date(at).toISOString() };
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
