import { GatewayError } from "../errors.js";
import { firstSentence } from "./short-message.js";

/**
 * Every wiki failure, named, with what it means for the operator. The remedies follow the
 * specification's Errors table and what a real Wiki.js 2.5 answers (../docs: wikijs-2.5-facts).
 * Contract: message and remedy never contain the token.
 */
export type WikiErrorCode =
  | "wiki-url-invalid"
  | "wiki-rest-path"
  | "wiki-not-found-url"
  | "wiki-unreachable"
  | "wiki-timeout"
  | "wiki-server-error"
  | "wiki-unauthorized"
  | "wiki-forbidden"
  | "wiki-key-revoked"
  | "wiki-api-disabled"
  | "wiki-token-missing"
  | "wiki-token-malformed"
  | "wiki-token-expired"
  | "wiki-guest-fallback"
  | "wiki-needs-manage-pages"
  | "wiki-page-not-found"
  | "wiki-validation"
  | "wiki-mutation-failed"
  | "wiki-write-unconfirmed"
  | "wiki-bad-response";

export const WIKI_REMEDIES: Record<WikiErrorCode, string> = {
  "wiki-url-invalid": "set WIKI_URL to the wiki's base URL, e.g. https://wiki.example.com",
  "wiki-rest-path":
    "Wiki.js has no REST API: set WIKI_URL to the base URL; the gateway always uses {base_url}/graphql",
  "wiki-not-found-url":
    "wrong URL: set WIKI_URL to the wiki's base URL so that {base_url}/graphql is its GraphQL endpoint",
  "wiki-unreachable":
    "check that the wiki runs and WIKI_URL is reachable from the gateway (DNS, network, proxy)",
  "wiki-timeout":
    "the wiki answered too slowly: check its load, or raise WIKI_TIMEOUT_MS (WIKI_WRITE_TIMEOUT_MS for creates and updates)",
  "wiki-server-error": "the wiki failed (5xx): look at the wiki's own log; the gateway retries",
  "wiki-unauthorized":
    "the token expired or was revoked: obtain a new API key from the operator responsible for the wiki and write it to WIKI_TOKEN_FILE",
  "wiki-forbidden":
    "the token was probably truncated (typed or pasted by hand), so the wiki treated the request as a guest: read the whole token from a file (WIKI_TOKEN_FILE), or check the key's rights",
  "wiki-key-revoked":
    "the API key was revoked: create a new key in Wiki.js (Administration > API Access) and write it to WIKI_TOKEN_FILE",
  "wiki-api-disabled": "enable API access in Wiki.js: Administration > API Access > Enable API",
  "wiki-token-missing": "write the wiki API key (a JWT) to the file WIKI_TOKEN_FILE points at",
  "wiki-token-malformed":
    "the token file must hold the whole API key: a JWT of three base64url parts starting with eyJ; copy it again from Administration > API Access into the file",
  "wiki-token-expired":
    "the API key has expired: create a new key in Wiki.js (Administration > API Access) and write it to WIKI_TOKEN_FILE",
  "wiki-guest-fallback":
    "the wiki accepted the request but as a guest (bad, truncated or expired token): write the whole, valid API key to WIKI_TOKEN_FILE",
  "wiki-needs-manage-pages":
    "the API key's group lacks rights: give it read:pages, read:source and manage:pages (single), and write:pages for edits",
  "wiki-page-not-found": "check the page id or path",
  "wiki-validation":
    "the gateway sent a query this wiki does not accept: check the wiki is Wiki.js 2.5; report it as a bug",
  "wiki-mutation-failed": "see the wiki's message; fix the page input (path, content) or the key's rights",
  "wiki-write-unconfirmed":
    "the wiki did not confirm the write and the page does not show it yet: look at the page before sending it again; raise WIKI_WRITE_TIMEOUT_MS if the wiki is slow",
  "wiki-bad-response":
    "the URL does not answer like Wiki.js GraphQL: check WIKI_URL (a proxy or another service may answer)",
};

const RETRYABLE = new Set<WikiErrorCode>(["wiki-unreachable", "wiki-timeout", "wiki-server-error"]);

export class WikiError extends GatewayError {
  declare readonly code: WikiErrorCode;
  readonly retryable: boolean;
  readonly status?: number;
  /** Wiki.js's own error number (6003, 6013, ...) or a mutation's errorCode. */
  readonly wikiCode?: number;
  readonly slug?: string;
  /** The request provably never reached the wiki (connection refused, name not resolved). */
  readonly notSent: boolean;

  constructor(
    code: WikiErrorCode,
    message: string,
    details: {
      status?: number;
      wikiCode?: number;
      slug?: string;
      cause?: unknown;
      remedy?: string;
      notSent?: boolean;
    } = {},
  ) {
    super(
      code,
      message,
      details.remedy ?? WIKI_REMEDIES[code],
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.retryable = RETRYABLE.has(code);
    this.notSent = details.notSent === true;
    if (details.status !== undefined) this.status = details.status;
    if (details.wikiCode !== undefined) this.wikiCode = details.wikiCode;
    if (details.slug !== undefined) this.slug = details.slug;
  }
}

export function isWikiError(value: unknown): value is WikiError {
  return value instanceof WikiError;
}

/** What to do about a mutation's `responseResult` error code (Wiki.js 2.5 numbers). */
const MUTATION_REMEDIES: Record<number, string> = {
  6002: "a page already exists at this path and locale: update it instead, or choose another path",
  6004: "the page content is empty: send some content",
  6005: "the path is illegal for Wiki.js (no '.', spaces, '\\' or '//'): map it to lower-case words and dashes",
  6006: "another page already uses the destination path: choose another path",
  6007: "the API key's group lacks manage:pages on this path",
  6008: "the API key's group lacks write:pages on this path (check its page rules)",
  6009: "the API key's group lacks write:pages on this page (check its page rules)",
  // Wiki.js 2.5 answers a create refused by page rules with PageDeleteForbidden.
  6010: "the API key's group lacks write:pages on this path (check its page rules)",
};

/**
 * A failed mutation (`responseResult.succeeded: false`) as a WikiError `wiki-mutation-failed`,
 * keeping Wiki.js's errorCode (wikiCode) and slug. For callers that want to throw. The message
 * carries the first sentence of the wiki's (which can be a whole SQL statement); the whole text
 * stays in `cause` for a log.
 */
export function mutationError(
  operation: string,
  result: { errorCode: number; slug: string; message: string },
): WikiError {
  const remedy =
    MUTATION_REMEDIES[result.errorCode] ??
    (result.message === "Invalid Page Id"
      ? "the page id does not exist (deleted or moved?): list the pages again"
      : WIKI_REMEDIES["wiki-mutation-failed"]);
  return new WikiError(
    "wiki-mutation-failed",
    `the wiki refused ${operation}: ${result.slug} (${result.errorCode}): ${firstSentence(result.message)}`,
    { wikiCode: result.errorCode, slug: result.slug, remedy, cause: new Error(result.message) },
  );
}
