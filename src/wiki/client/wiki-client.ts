import type { Logger } from "../../log/logger.js";
import type { CreatePageInput, MutationResult, UpdatePageInput, WikiPage, WikiPort } from "../types.js";
import { WikiError } from "../wiki-error.js";
import { classifyFieldError } from "./classify-error.js";
import {
  type RawHit,
  type RawPage,
  type RawResult,
  toHits,
  toPage,
  toResult,
  uniquePages,
} from "./convert.js";
import type { WikiOperation } from "./documents.js";
import { graphqlEndpoint } from "./normalise-url.js";
import { probeWiki } from "./probe.js";
import { createTransport } from "./transport.js";
import { confirmWrite, isAmbiguous, mayHaveWritten, sameText } from "./write-once.js";

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
}

export interface WikiClient extends WikiPort {
  /** The endpoint every request goes to: `{base_url}/graphql`. */
  readonly graphqlUrl: string;
}

type PagesOf<T> = { pages: Record<string, T | null> | null } | null;

/** Clocks of the gateway and the wiki may differ this much when a create is checked by its time. */
const CLOCK_SKEW_MS = 5 * 60_000;

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
  });

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
    toPage(await field<RawPage>("getPage", "single", { id }));

  const getPageByPath = async (path: string, locale: string): Promise<WikiPage | undefined> => {
    try {
      return toPage(await field<RawPage>("getPageByPath", "singleByPath", { path, locale }));
    } catch (error) {
      if (error instanceof WikiError && error.code === "wiki-page-not-found") return undefined;
      throw error;
    }
  };

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

    async createPage(input: CreatePageInput): Promise<MutationResult> {
      const started = Date.now();
      // Wiki.js strips one leading and one trailing slash before it stores the path.
      const path = input.path.replace(/^\//, "").replace(/\/$/, "");
      const write = {
        kind: "create" as const,
        path,
        look: () => getPageByPath(path, input.locale),
        tookEffect: (page: WikiPage) =>
          sameText(page.content, input.content) &&
          page.title === input.title &&
          Date.parse(page.createdAt) >= started - CLOCK_SKEW_MS,
      };
      let result: MutationResult;
      try {
        const answer = await field<{ responseResult: RawResult; page: { id: number; path: string } | null }>(
          "createPage",
          "create",
          {
            content: input.content,
            description: input.description ?? "",
            editor: "markdown",
            isPublished: input.isPublished ?? true,
            isPrivate: input.isPrivate ?? false,
            locale: input.locale,
            path: input.path,
            tags: input.tags ?? [],
            title: input.title,
          },
        );
        result = toResult(answer.responseResult, answer.page);
      } catch (error) {
        if (isAmbiguous(error)) return confirmWrite(write, error, confirm);
        throw error;
      }
      if (!result.succeeded && mayHaveWritten(result)) return confirmWrite(write, result, confirm);
      return { ...result, confirmedBy: "answer" };
    },

    async updatePage(input: UpdatePageInput): Promise<MutationResult> {
      // Everything not named in the input is sent back as the page has it: a draft stays a draft.
      const current = input.current ?? (await getPage(input.id));
      const write = {
        kind: "update" as const,
        path: current.path,
        look: () => getPage(input.id),
        tookEffect: (page: WikiPage) =>
          sameText(page.content, input.content) && page.updatedAt !== current.updatedAt,
      };
      let result: MutationResult;
      try {
        const answer = await field<{ responseResult: RawResult }>("updatePage", "update", {
          id: input.id,
          content: input.content,
          tags: input.tags ?? current.tags,
          isPublished: input.isPublished ?? current.isPublished,
          isPrivate: input.isPrivate ?? current.isPrivate,
          title: input.title ?? current.title,
          description: input.description ?? current.description,
          editor: current.editor,
          publishStartDate: current.publishStartDate,
          publishEndDate: current.publishEndDate,
          scriptCss: current.scriptCss,
          scriptJs: current.scriptJs,
        });
        result = toResult(answer.responseResult);
      } catch (error) {
        if (isAmbiguous(error)) return confirmWrite(write, error, confirm);
        throw error;
      }
      if (!result.succeeded && mayHaveWritten(result)) return confirmWrite(write, result, confirm);
      return { ...result, confirmedBy: "answer" };
    },

    probe: (probeOptions) => probeWiki({ transport, listPages, getPage, field }, probeOptions),
  };
}
