import type { PageSummary, ProbeOptions, ProbeResult, WikiPage } from "../types.js";
import { WikiError } from "../wiki-error.js";
import type { RawResult } from "./convert.js";
import type { WikiOperation } from "./documents.js";
import type { Transport } from "./transport.js";

export interface ProbeDeps {
  transport: Transport;
  listPages(): Promise<PageSummary[]>;
  getPage(id: number): Promise<WikiPage>;
  /** The field's value, or the classified error of a null field. */
  field<T>(operation: WikiOperation, key: string, variables: Record<string, unknown>): Promise<T>;
}

const GUEST_REMEDY =
  "write the whole, valid API key to WIKI_TOKEN_FILE (a key cut short, badly signed or long expired runs as a guest), and give its group manage:pages (needed by `single`; a guest never has it)";

/**
 * Proves that the token really authenticates instead of trusting an HTTP 200: Wiki.js runs a bad,
 * truncated or long-expired token as Guest, and a guest can still `list` and `search`.
 *  1. the token file: present, a whole JWT, not expired (no request otherwise);
 *  2. `list` works (canList, pageCount), unless the caller knows a page id: then no list is asked
 *     for (a check every few minutes of a 7,000-page wiki must not move the whole list each time);
 *  3. `single(id)` of a listed page succeeds: it needs manage:pages, which a guest lacks (6013);
 *     then the page with its content (canReadContent: read:source);
 *  4. an empty wiki has no page to read: `update(id: 0)` must fail "Invalid Page Id" (checked
 *     after the rights, before any change) rather than "Forbidden".
 */
export async function probeWiki(deps: ProbeDeps, options: ProbeOptions = {}): Promise<ProbeResult> {
  const token = await deps.transport.token();
  if (options.knownPageId !== undefined) {
    const known = await probePage(deps, options.knownPageId).catch((error: unknown) => {
      if (error instanceof WikiError && error.code === "wiki-page-not-found") return undefined;
      throw error;
    });
    if (known !== undefined) return result(token, { canReadContent: known });
  }
  const pages = await deps.listPages();
  let canReadContent = false;
  const first = pages[0];
  if (first) {
    canReadContent = await probePage(deps, first.id);
  } else {
    await probeEmptyWiki(deps);
  }
  return result(token, { canReadContent, pageCount: pages.length });
}

/** Proves the rights on one page: `single` (manage:pages), then its content (read:source → true). */
async function probePage(deps: ProbeDeps, id: number): Promise<boolean> {
  try {
    await deps.field("probeSingle", "single", { id });
  } catch (error) {
    if (error instanceof WikiError && error.code === "wiki-needs-manage-pages") {
      throw new WikiError(
        "wiki-guest-fallback",
        "the wiki lists pages but refuses to show one (6013): the request ran as a guest, or the key lacks manage:pages",
        { cause: error, remedy: GUEST_REMEDY, ...(error.wikiCode ? { wikiCode: error.wikiCode } : {}) },
      );
    }
    throw error;
  }
  try {
    await deps.getPage(id);
    return true;
  } catch (error) {
    if (!(error instanceof WikiError && error.code === "wiki-forbidden")) throw error;
    return false;
  }
}

/** An empty wiki has no page to read: `update(id: 0)` must fail "Invalid Page Id", not "Forbidden". */
async function probeEmptyWiki(deps: ProbeDeps): Promise<void> {
  const result = await deps
    .field<{ responseResult: RawResult }>("probeWrite", "update", {
      id: 0,
      content: "probe",
      tags: [],
      isPublished: true,
    })
    .catch((error: unknown) => {
      if (error instanceof WikiError && error.code === "wiki-forbidden") {
        throw new WikiError(
          "wiki-guest-fallback",
          "the wiki has no pages and refuses a harmless write probe (Forbidden): the request ran as a guest, or the key lacks write:pages",
          { cause: error, remedy: GUEST_REMEDY },
        );
      }
      throw error;
    });
  if (result.responseResult.succeeded || result.responseResult.message !== "Invalid Page Id") {
    throw new WikiError(
      "wiki-bad-response",
      `the write probe (update of page 0) answered ${result.responseResult.slug}: ${result.responseResult.message ?? ""}`,
    );
  }
}

function result(
  token: Awaited<ReturnType<Transport["token"]>>,
  found: { canReadContent: boolean; pageCount?: number },
): ProbeResult {
  return {
    authenticated: true,
    canList: true,
    ...found,
    ...(token.expiresAt
      ? { expiresInSeconds: Math.round((token.expiresAt.getTime() - Date.now()) / 1000) }
      : {}),
    ...(token.warnings.length > 0 ? { warnings: [...token.warnings] } : {}),
  };
}

/**
 * Whether the key may write pages: an update of page 0 (none has that id) is refused "Forbidden"
 * by Wiki.js's rights check when the key's group lacks write:pages, and answered "Invalid Page Id"
 * when it has it. Changes nothing. Other failures reject.
 */
export async function probeWriteRight(deps: Pick<ProbeDeps, "field">): Promise<boolean> {
  try {
    const result = await deps.field<{ responseResult: RawResult }>("probeWrite", "update", {
      id: 0,
      content: "probe",
      tags: [],
      isPublished: true,
    });
    return result.responseResult.succeeded || result.responseResult.message === "Invalid Page Id";
  } catch (error) {
    if (error instanceof WikiError && error.code === "wiki-forbidden") return false;
    throw error;
  }
}
