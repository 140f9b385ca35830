import type { WikiPort } from "./types.js";

/**
 * A wiki port that opens the real one on its first request, and never when nothing asks: a
 * command that may answer without the wiki (`ask` with a fresh saved index) does not pay for
 * loading the GraphQL client. `open` runs at most once; its failure rejects that request and is
 * retried by the next.
 */
export function createLazyWiki(open: () => Promise<WikiPort>): WikiPort {
  let opened: Promise<WikiPort> | undefined;
  const port = (): Promise<WikiPort> => {
    opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  return {
    listPages: async () => (await port()).listPages(),
    getPage: async (id) => (await port()).getPage(id),
    getPageByPath: async (path, locale) => (await port()).getPageByPath(path, locale),
    search: async (query, locale) => (await port()).search(query, locale),
    createPage: async (input) => (await port()).createPage(input),
    updatePage: async (input) => (await port()).updatePage(input),
    probe: async (options) => (await port()).probe(options),
  };
}
