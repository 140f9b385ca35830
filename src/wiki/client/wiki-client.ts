import type { Logger } from "../../log/logger.js";
import type { WikiPage, WikiPort } from "../types.js";
import { WikiError } from "../wiki-error.js";
import { classifyFieldError } from "./classify-error.js";
import { type RawHit, type RawPage, toHits, toPage, uniquePages } from "./convert.js";
import type { WikiOperation } from "./documents.js";
import { graphqlEndpoint } from "./normalise-url.js";
import { probeWiki, probeWriteRight } from "./probe.js";
import { createPage, updatePage } from "./page-writes.js";
import type { ReadBounds } from "./bounded-fetch.js";
import { createTransport, DEFAULT_READ_BOUNDS } from "./transport.js";

export { WIKI_DOCUMENTS, type WikiOperation } from "./documents.js";
export { graphqlEndpoint, wikiBaseUrl } from "./normalise-url.js";

export interface WikiClientOptions {
  /** The wiki's base URL (`https://wiki.example.com`); a URL ending in /graphql is used as is. */
  baseUrl: string;
  /** File holding the API key (a JWT); re-read when it changes. */
  tokenFile: string;
  /** Per attempt; default 10 000. */
  timeoutMs?: number;
  /** Of a create or update (a real wiki renders the page and rebuilds its tree); default 60 000. */
  writeTimeoutMs?: number;
  /** Waits before each read-back of a write left open by a timeout; default 0, 2 000, 5 000. */
  confirmDelaysMs?: readonly number[];
  /** Requests in flight at most; default 4. */
  concurrency?: number;
  /** Retries of network failures, timeouts and 5xx; default 3. */
  retries?: number;
  fetch?: typeof fetch;
  logger?: Logger;
  /** Metrics hooks. */
  onRequest?: (operation: WikiOperation) => void;
  onError?: (code: string) => void;
  /** First retry delay in ms (doubles per attempt, jittered); default 200. */
  backoffMs?: number;
  /** Aborted when the gateway stops: requests in flight end at once and none is retried. */
  stopSignal?: AbortSignal;
  /** Byte bounds of an answer and of a page's content; default 16 MiB and 2 MiB. */
  bounds?: ReadBounds;
  /** Wall-clock milliseconds (a create left open is checked by the page's creation time); tests drive it. */
  now?: () => number;
}

export interface WikiClient extends WikiPort {
  /** The endpoint every request goes to: `{base_url}/graphql`. */
  readonly graphqlUrl: string;
  /** The key may write pages (`doctor`, for the pages the gateway writes); changes nothing. */
  canWritePages(): Promise<boolean>;
}

type PagesOf<T> = { pages: Record<string, T | null> | null } | null;

/**
 * The wiki, reached only through its GraphQL endpoint. Implements WikiPort against real Wiki.js
 * 2.5 (and the sandbox wiki). Every failure is a WikiError with a code and a remedy; mutations
 * report business failures in their MutationResult (`mutationError` turns one into a WikiError).
 * A create or update is sent once: when its answer leaves open whether it happened, the page is
 * read back (see write-once.ts).
 */
export function createWikiClient(options: WikiClientOptions): WikiClient {
  const graphqlUrl = graphqlEndpoint(options.baseUrl);
  const transport = createTransport({
    graphqlUrl,
    tokenFile: options.tokenFile,
    timeoutMs: options.timeoutMs ?? 10_000,
    writeTimeoutMs: options.writeTimeoutMs ?? 60_000,
    concurrency: options.concurrency ?? 4,
    retries: options.retries ?? 3,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}),
    ...(options.bounds ? { bounds: options.bounds } : {}),
  });
  const pageMaxBytes = (options.bounds ?? DEFAULT_READ_BOUNDS).pageMaxBytes;

  async function field<T>(
    operation: WikiOperation,
    key: string,
    variables: Record<string, unknown>,
  ): Promise<T> {
    const answer = await transport.request<PagesOf<T>>(operation, variables);
    const value = answer.data?.pages?.[key];
    if (value !== null && value !== undefined) return value;
    const error =
      answer.errors.length > 0
        ? classifyFieldError(answer.errors)
        : new WikiError("wiki-bad-response", `the wiki answered no ${key} (is ${graphqlUrl} a Wiki.js 2.5?)`);
    options.onError?.(error.code);
    throw error;
  }

  const confirm = {
    delaysMs: options.confirmDelaysMs ?? [0, 2000, 5000],
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const listPages = async () => uniquePages(await field<RawPage[]>("listPages", "list", {}));
  const getPage = async (id: number): Promise<WikiPage> =>
    toPage(await field<RawPage>("getPage", "single", { id }), pageMaxBytes);

  const getPageByPath = async (path: string, locale: string): Promise<WikiPage | undefined> => {
    try {
      return toPage(await field<RawPage>("getPageByPath", "singleByPath", { path, locale }), pageMaxBytes);
    } catch (error) {
      if (error instanceof WikiError && error.code === "wiki-page-not-found") return undefined;
      throw error;
    }
  };

  const writes = { field, getPage, getPageByPath, confirm, now: options.now ?? Date.now };
  return {
    graphqlUrl,
    listPages,
    getPage,
    getPageByPath,
    async search(query, locale) {
      const variables = { query, ...(locale ? { locale } : {}) };
      const result = await field<{ results: Array<RawHit | null> }>("search", "search", variables);
      return toHits(result.results);
    },
    createPage: (input) => createPage(writes, input),
    updatePage: (input) => updatePage(writes, input),
    probe: (probeOptions) => probeWiki({ transport, listPages, getPage, field }, probeOptions),
    canWritePages: () => probeWriteRight({ field }),
  };
}
