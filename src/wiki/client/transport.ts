import { GraphQLClient } from "graphql-request";
import { WikiError } from "../wiki-error.js";
import { createTokenSource } from "../token.js";
import { classifyHttpFailure } from "./classify.js";
import { WIKI_DOCUMENTS, type WikiOperation } from "./documents.js";

export interface TransportOptions {
  graphqlUrl: string;
  tokenFile: string;
  timeoutMs: number;
  concurrency: number;
  retries: number;
  fetch?: typeof fetch;
  onRequest?: (operation: WikiOperation) => void;
  onError?: (code: string) => void;
}

export interface GraphQLAnswer<T> {
  data: T | undefined;
  errors: Array<{ message?: string; extensions?: { code?: string; exception?: { code?: number } } }>;
}

/**
 * One POST per call to {base}/graphql with `Authorization: Bearer <JWT>` (the token file is
 * re-read when it changes), a timeout, bounded concurrency, and retries with exponential backoff
 * and jitter for network failures, timeouts and 5xx only. GraphQL errors in a 200 answer are
 * returned, not thrown: the caller knows what a null field means.
 */
export function createTransport(options: TransportOptions) {
  const tokens = createTokenSource(options.tokenFile);
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (active >= options.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
  };
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  async function once<T>(
    operation: WikiOperation,
    variables: Record<string, unknown>,
  ): Promise<GraphQLAnswer<T>> {
    const { token } = await tokens.get();
    const client = new GraphQLClient(options.graphqlUrl, {
      headers: { authorization: `Bearer ${token}` },
      errorPolicy: "all",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    options.onRequest?.(operation);
    try {
      const res = await client.rawRequest<T>({
        query: WIKI_DOCUMENTS[operation],
        variables,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return { data: res.data, errors: (res.errors ?? []) as GraphQLAnswer<T>["errors"] };
    } catch (error) {
      throw classifyHttpFailure(error, options.graphqlUrl, options.timeoutMs);
    }
  }

  return {
    async request<T>(
      operation: WikiOperation,
      variables: Record<string, unknown> = {},
    ): Promise<GraphQLAnswer<T>> {
      await acquire();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            return await once<T>(operation, variables);
          } catch (error) {
            const wikiError =
              error instanceof WikiError
                ? error
                : classifyHttpFailure(error, options.graphqlUrl, options.timeoutMs);
            if (!wikiError.retryable || attempt >= options.retries) {
              options.onError?.(wikiError.code);
              throw wikiError;
            }
            const delay = 200 * 2 ** attempt * (0.5 + Math.random());
            await new Promise((r) => setTimeout(r, delay));
          }
        }
      } finally {
        release();
      }
    },
    token: () => tokens.get(),
  };
}
