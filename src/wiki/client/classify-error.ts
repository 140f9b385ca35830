import { ClientError } from "graphql-request";
import { WikiError } from "../wiki-error.js";

interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: string; exception?: { code?: number } };
}

/** Connection failures that happen before a request is sent: resending cannot repeat a write. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** Turns a failed HTTP exchange with the wiki into a WikiError with the right code and remedy. */
export function classifyHttpFailure(error: unknown, url: string, timeoutMs: number): WikiError {
  if (error instanceof WikiError) return error;
  if (error instanceof ClientError) {
    const status = error.response.status;
    const errors = (error.response.errors ?? []) as GraphQLErrorShape[];
    const first = errors[0];
    const message = first?.message ?? "";
    if (status === 401)
      return new WikiError("wiki-unauthorized", `the wiki answered 401 Unauthorized`, { status });
    if (status === 403) return new WikiError("wiki-forbidden", `the wiki answered 403 Forbidden`, { status });
    if (status === 404)
      return new WikiError("wiki-not-found-url", `${url} answered 404 Not Found`, { status });
    if (status === 400) {
      const code = first?.extensions?.code;
      return new WikiError(
        "wiki-validation",
        `the wiki refused the query (${code ?? "HTTP 400"})${message ? `: ${message}` : ""}`,
        { status },
      );
    }
    if (/API Key is invalid or was revoked/i.test(message)) {
      return new WikiError("wiki-key-revoked", "the wiki says the API key is invalid or was revoked", {
        status,
      });
    }
    if (/API is disabled/i.test(message)) {
      return new WikiError("wiki-api-disabled", "the wiki's API access is disabled", { status });
    }
    if (status >= 500)
      return new WikiError(
        "wiki-server-error",
        `the wiki answered ${status}${message ? `: ${message}` : ""}`,
        { status },
      );
    return new WikiError("wiki-bad-response", `unexpected answer from ${url} (HTTP ${status})`, { status });
  }
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new WikiError("wiki-timeout", `the wiki did not answer within ${timeoutMs} ms`, { cause: error });
  }
  if (
    error instanceof SyntaxError ||
    /JSON|Unexpected token|content-type/i.test((error as Error)?.message ?? "")
  ) {
    return new WikiError("wiki-bad-response", `${url} did not answer with GraphQL JSON`, { cause: error });
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail = typeof cause?.code === "string" ? cause.code : ((error as Error)?.message ?? String(error));
  return new WikiError("wiki-unreachable", `the wiki at ${url} cannot be reached (${detail})`, {
    cause: error,
    notSent: typeof cause?.code === "string" && NOT_SENT.has(cause.code),
  });
}

/** A GraphQL error in a 200 answer (the field is null). */
export function classifyFieldError(errors: readonly GraphQLErrorShape[]): WikiError {
  const first = errors[0] ?? {};
  const message = first.message ?? "unknown error";
  const wikiCode = first.extensions?.exception?.code;
  if (wikiCode === 6003) return new WikiError("wiki-page-not-found", "the page does not exist", { wikiCode });
  if (wikiCode === 6013) {
    return new WikiError(
      "wiki-needs-manage-pages",
      "the wiki refused to show the page: the key lacks manage:pages, or the request ran as a guest",
      { wikiCode },
    );
  }
  if (/^Unauthorized$/i.test(message)) {
    return new WikiError(
      "wiki-unauthorized",
      "the wiki answered Unauthorized (the API key expired recently)",
    );
  }
  if (/^Forbidden$/i.test(message)) {
    return new WikiError(
      "wiki-forbidden",
      "the wiki answered Forbidden: the request ran as a guest (token cut short?) or the key lacks the right",
    );
  }
  return new WikiError("wiki-bad-response", `the wiki answered an error: ${message}`, {
    ...(wikiCode !== undefined ? { wikiCode } : {}),
  });
}
