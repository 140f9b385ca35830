import { GraphQLClient } from "graphql-request";
import type { Logger } from "../../log/logger.js";
import { createTokenSource, type WikiToken } from "../token.js";
import { WikiError } from "../wiki-error.js";
import { classifyHttpFailure } from "./classify-error.js";
import { isWriteOperation, WIKI_DOCUMENTS, type WikiOperation } from "./documents.js";
import { boundedFetch, type ReadBounds } from "./bounded-fetch.js";
import { createSemaphore } from "./semaphore.js";

export const DEFAULT_READ_BOUNDS: ReadBounds = {
  responseMaxBytes: 16 * 1024 * 1024,
  pageMaxBytes: 2 * 1024 * 1024,
};

export interface TransportOptions {
  graphqlUrl: string;
  tokenFile: string;
  timeoutMs: number;
  /** Timeout of a create or update: a real wiki renders the page and rebuilds its tree first. */
  writeTimeoutMs?: number;
  concurrency: number;
  retries: number;
  fetch?: typeof fetch;
  logger?: Logger;
  onRequest?: (operation: WikiOperation) => void;
  onError?: (code: string) => void;
  /** First backoff delay; doubles per attempt, with ±50 % jitter. */
  backoffMs?: number;
  /** Byte bounds of what is read (bounded-fetch.ts); default 16 MiB an answer, 2 MiB a page. */
  bounds?: ReadBounds;
  /** Aborted when the gateway stops: requests in flight end at once and none is retried. */
  stopSignal?: AbortSignal;
}

export interface GraphQLAnswer<T> {
  data: T | undefined;
  errors: Array<{ message?: string; extensions?: { code?: string; exception?: { code?: number } } }>;
}

export interface Transport {
  request<T>(operation: WikiOperation, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>>;
  token(): Promise<WikiToken>;
}

/**
 * One POST per call to {base}/graphql with `Authorization: Bearer <JWT>` (the token file is
 * re-read when it changes), a timeout per attempt, at most `concurrency` requests in flight, and
 * retries with exponential backoff and jitter for network failures, timeouts and 5xx only (a
 * waiting retry does not hold a slot). GraphQL errors in a 200 answer are returned, not thrown:
 * the caller knows what a null field means. Contract: the token is never logged nor put in an error.
 *
 * Writes (createPage, updatePage) have their own, longer timeout and are resent only when the
 * request provably never left (`notSent`): after a timeout, a dropped connection or a 5xx the
 * write may well have happened, so the error goes to the caller, which reads the page back.
 */
export function createTransport(options: TransportOptions): Transport {
  const tokens = createTokenSource(options.tokenFile);
  const slots = createSemaphore(options.concurrency);
  const backoffMs = options.backoffMs ?? 200;
  let client: { token: string; client: GraphQLClient } | undefined;

  const clientFor = (token: string): GraphQLClient => {
    if (client?.token !== token) {
      client = {
        token,
        client: new GraphQLClient(options.graphqlUrl, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          errorPolicy: "all",
          fetch: boundedFetch(options.fetch ?? fetch, options.bounds ?? DEFAULT_READ_BOUNDS),
        }),
      };
    }
    return client.client;
  };

  async function once<T>(
    operation: WikiOperation,
    variables: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<GraphQLAnswer<T>> {
    const { token } = await tokens.get();
    options.onRequest?.(operation);
    try {
      const res = await clientFor(token).rawRequest<T>({
        query: WIKI_DOCUMENTS[operation],
        variables,
        signal: options.stopSignal
          ? AbortSignal.any([AbortSignal.timeout(timeoutMs), options.stopSignal])
          : AbortSignal.timeout(timeoutMs),
      });
      return { data: res.data, errors: (res.errors ?? []) as GraphQLAnswer<T>["errors"] };
    } catch (error) {
      if (error instanceof WikiError) throw error;
      throw classifyHttpFailure(error, options.graphqlUrl, timeoutMs);
    }
  }

  return {
    async request<T>(operation: WikiOperation, variables: Record<string, unknown> = {}) {
      const write = isWriteOperation(operation);
      const timeoutMs = write ? (options.writeTimeoutMs ?? options.timeoutMs) : options.timeoutMs;
      for (let attempt = 0; ; attempt++) {
        try {
          return await slots.run(() => once<T>(operation, variables, timeoutMs));
        } catch (error) {
          const wikiError =
            error instanceof WikiError ? error : classifyHttpFailure(error, options.graphqlUrl, timeoutMs);
          const resendable = wikiError.retryable && (!write || wikiError.notSent);
          if (!resendable || attempt >= options.retries || options.stopSignal?.aborted) {
            options.onError?.(wikiError.code);
            throw wikiError;
          }
          const delayMs = Math.round(backoffMs * 2 ** attempt * (0.5 + Math.random()));
          options.logger?.warn(
            { operation, attempt: attempt + 1, code: wikiError.code, delayMs },
            `wiki request failed (${wikiError.message}); retrying`,
          );
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
      }
    },
    token: () => tokens.get(),
  };
}
