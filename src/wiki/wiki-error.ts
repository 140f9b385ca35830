import { type ErrorCatalogue, GatewayError } from "../errors.js";
import { firstSentence } from "./short-message.js";

/**
 * Every wiki failure, named, with what it means for the operator (the wiki client's catalogue, docs/errors.md). The remedies follow the
 * specification's Errors table and what a real Wiki.js 2.5 answers (../docs: wikijs-2.5-facts).
 * Contract: message and remedy never contain the token.
 */
export const WIKI_CODES = {
  "wiki-url-invalid": {
    meaning: "`WIKI_URL` is not an absolute http(s) URL",
    remedy: "set WIKI_URL to the wiki's base URL, e.g. https://wiki.example.com",
  },
  "wiki-rest-path": {
    meaning: "`WIKI_URL` points at a REST path (`/api/...`)",
    remedy:
      "Wiki.js has no REST API: set WIKI_URL to the base URL; the gateway always uses {base_url}/graphql",
  },
  "wiki-not-found-url": {
    meaning: "HTTP 404 at `{WIKI_URL}/graphql`: wrong URL",
    remedy:
      "wrong URL: set WIKI_URL to the wiki's base URL so that {base_url}/graphql is its GraphQL endpoint",
  },
  "wiki-unreachable": {
    meaning: "no connection (DNS, refused, reset), after the retries",
    remedy: "check that the wiki runs and WIKI_URL is reachable from the gateway (DNS, network, proxy)",
  },
  "wiki-timeout": {
    meaning: "no answer within `WIKI_TIMEOUT_MS`, after the retries",
    remedy:
      "the wiki answered too slowly: check its load, or raise WIKI_TIMEOUT_MS (WIKI_WRITE_TIMEOUT_MS for creates and updates)",
  },
  "wiki-server-error": {
    meaning: "HTTP 5xx, after the retries",
    remedy: "the wiki failed (5xx): look at the wiki's own log; the gateway retries",
  },
  "wiki-unauthorized": {
    meaning:
      'HTTP 401 (a proxy in front), or every field "Unauthorized" (a key expired less than 14 days ago)',
    remedy:
      "the token expired or was revoked: obtain a new API key from the operator responsible for the wiki and write it to WIKI_TOKEN_FILE",
  },
  "wiki-forbidden": {
    meaning:
      'HTTP 403 (a proxy), or "Forbidden" on a field: the request ran as a guest, usually because the token was cut short when typed or pasted',
    remedy:
      "the token was probably truncated (typed or pasted by hand), so the wiki treated the request as a guest: read the whole token from a file (WIKI_TOKEN_FILE), or check the key's rights",
  },
  "wiki-key-revoked": {
    meaning: 'HTTP 500 "API Key is invalid or was revoked."',
    remedy:
      "the API key was revoked: create a new key in Wiki.js (Administration > API Access) and write it to WIKI_TOKEN_FILE",
  },
  "wiki-api-disabled": {
    meaning: 'HTTP 500 "API is disabled. You must enable it from the Administration Area first."',
    remedy: "enable API access in Wiki.js: Administration > API Access > Enable API",
  },
  "wiki-token-missing": {
    meaning: "no token file configured, or it is missing, unreadable or empty",
    remedy: "write the wiki API key (a JWT) to the file WIKI_TOKEN_FILE points at",
  },
  "wiki-token-malformed": {
    meaning: "the file does not hold a whole JWT (cut short?)",
    remedy:
      "the token file must hold the whole API key: a JWT of three base64url parts starting with eyJ; copy it again from Administration > API Access into the file",
  },
  "wiki-token-expired": {
    meaning: "the key's `exp` is past (found before any request)",
    remedy:
      "the API key has expired: create a new key in Wiki.js (Administration > API Access) and write it to WIKI_TOKEN_FILE",
  },
  "wiki-guest-fallback": {
    meaning:
      "the wiki accepts the requests but as a guest (bad, cut-short or long-expired key), or the key lacks `manage:pages`",
    remedy:
      "the wiki accepted the request but as a guest (bad, truncated or expired token): write the whole, valid API key to WIKI_TOKEN_FILE",
  },
  "wiki-needs-manage-pages": {
    meaning: "error 6013 from `single`: the key lacks `manage:pages` (or the request ran as a guest)",
    remedy:
      "the API key's group lacks rights: give it read:pages, read:source and manage:pages (single), and write:pages for edits",
  },
  "wiki-page-not-found": {
    meaning: "error 6003: no page with that id or path",
    remedy: "check the page id or path",
  },
  "wiki-validation": {
    meaning: "HTTP 400 `GRAPHQL_VALIDATION_FAILED` / `GRAPHQL_PARSE_FAILED`: the wiki refused the query",
    remedy:
      "the gateway sent a query this wiki does not accept: check the wiki is Wiki.js 2.5; report it as a bug",
  },
  "wiki-mutation-failed": {
    meaning:
      'a create or update answered `succeeded: false` (6002 path exists, 6004 empty content, 6005 illegal path, 6008 / 6010 / 6009 no `write:pages` there, 1 "Invalid Page Id")',
    remedy: "see the wiki's message; fix the page input (path, content) or the key's rights",
  },
  "wiki-write-unconfirmed": {
    meaning:
      "a create or update timed out or lost its connection, and reading the page back does not show it (it is never resent blindly)",
    remedy:
      "the wiki did not confirm the write and the page does not show it yet: look at the page before sending it again; raise WIKI_WRITE_TIMEOUT_MS if the wiki is slow",
  },
  "wiki-bad-response": {
    meaning: "the answer is not Wiki.js GraphQL (a login page, another service)",
    remedy:
      "the URL does not answer like Wiki.js GraphQL: check WIKI_URL (a proxy or another service may answer)",
  },
  "wiki-response-too-large": {
    meaning:
      "an answer of the wiki was larger than WIKI_RESPONSE_MAX_BYTES: refused while it arrived, never parsed",
    remedy:
      "check WIKI_URL points at Wiki.js (a proxy may answer something else); raise WIKI_RESPONSE_MAX_BYTES only if the wiki's page list is that large",
  },
  "wiki-page-too-large": {
    meaning:
      "a page's content is longer than WIKI_PAGE_MAX_BYTES: it is indexed up to the bound, and the gateway does not edit it",
    remedy:
      "split the page in the wiki, or raise WIKI_PAGE_MAX_BYTES; `doctor` and `report` name the pages cut",
  },
} as const satisfies ErrorCatalogue;

export type WikiErrorCode = keyof typeof WIKI_CODES;

const RETRYABLE = new Set<WikiErrorCode>(["wiki-unreachable", "wiki-timeout", "wiki-server-error"]);

export class WikiError extends GatewayError<WikiErrorCode> {
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
      details.remedy ?? WIKI_CODES[code].remedy,
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
      : WIKI_CODES["wiki-mutation-failed"].remedy);
  return new WikiError(
    "wiki-mutation-failed",
    `the wiki refused ${operation}: ${result.slug} (${result.errorCode}): ${firstSentence(result.message)}`,
    { wikiCode: result.errorCode, slug: result.slug, remedy, cause: new Error(result.message) },
  );
}
