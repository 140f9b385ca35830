import type { Logger } from "../../log/logger.js";
import type {
  CreatePageInput,
  MutationResult,
  PageSummary,
  ProbeResult,
  SearchHit,
  UpdatePageInput,
  WikiPage,
  WikiPort,
} from "../types.js";
import { WikiError } from "../wiki-error.js";
import { classifyFieldError } from "./classify.js";
import type { WikiOperation } from "./documents.js";
import { graphqlEndpoint } from "./normalise-url.js";
import { createTransport } from "./transport.js";

export { WIKI_DOCUMENTS, type WikiOperation } from "./documents.js";
export { graphqlEndpoint, wikiBaseUrl } from "./normalise-url.js";

export interface WikiClientOptions {
  baseUrl: string;
  tokenFile: string;
  timeoutMs?: number;
  concurrency?: number;
  retries?: number;
  fetch?: typeof fetch;
  logger?: Logger;
  onRequest?: (operation: WikiOperation) => void;
  onError?: (code: string) => void;
}

export interface WikiClient extends WikiPort {
  readonly graphqlUrl: string;
}

interface RawPage {
  id: number;
  path: string;
  locale: string;
  title: string | null;
  description: string | null;
  isPublished: boolean;
  isPrivate: boolean;
  createdAt: string;
  updatedAt: string;
  tags: Array<string | { tag: string } | null> | null;
  content?: string;
  contentType?: string;
  editor?: string;
}

type PagesOf<K extends string, T> = { pages: { [key in K]: T } | null } | null;

/**
 * The wiki, reached only through its GraphQL endpoint. Implements WikiPort against real Wiki.js
 * 2.5 (and the sandbox wiki). See WikiError for every failure and its remedy.
 */
export function createWikiClient(options: WikiClientOptions): WikiClient {
  const graphqlUrl = graphqlEndpoint(options.baseUrl);
  const transport = createTransport({
    graphqlUrl,
    tokenFile: options.tokenFile,
    timeoutMs: options.timeoutMs ?? 10_000,
    concurrency: options.concurrency ?? 4,
    retries: options.retries ?? 3,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });

  /** The field's value, or the classified error of a null field. */
  async function field<K extends string, T>(
    operation: WikiOperation,
    key: K,
    variables: Record<string, unknown>,
  ): Promise<T> {
    const answer = await transport.request<PagesOf<K, T>>(operation, variables);
    const value = answer.data?.pages?.[key];
    if (answer.errors.length > 0 && (value === null || value === undefined)) {
      const error = classifyFieldError(answer.errors);
      options.onError?.(error.code);
      throw error;
    }
    if (value === null || value === undefined) {
      throw new WikiError(
        "wiki-bad-response",
        `the wiki answered no ${key} (is ${graphqlUrl} a Wiki.js 2.5?)`,
      );
    }
    return value;
  }

  const getPage = async (id: number) => toPage(await field<"single", RawPage>("getPage", "single", { id }));
  const getPageByPath = async (path: string, locale: string) => {
    try {
      return toPage(await field<"singleByPath", RawPage>("getPageByPath", "singleByPath", { path, locale }));
    } catch (error) {
      if (error instanceof WikiError && error.code === "wiki-page-not-found") return undefined;
      throw error;
    }
  };

  return {
    graphqlUrl,
    async listPages() {
      const rows = await field<"list", RawPage[]>("listPages", "list", {});
      // list() yields one row per page×tag on some engines: keep one per page.
      const byId = new Map<number, PageSummary>();
      for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, toSummary(row));
      return [...byId.values()];
    },
    getPage,
    getPageByPath,
    async search(query, locale) {
      const result = await field<"search", { results: Array<SearchHit | null> }>("search", "search", {
        query,
        ...(locale ? { locale } : {}),
      });
      // Hit ids are not reliably page ids (PostgreSQL engine): callers resolve by path + locale.
      return result.results
        .filter((h): h is SearchHit => h !== null)
        .map((h) => ({ path: h.path, locale: h.locale, title: h.title, description: h.description }));
    },
    async createPage(input: CreatePageInput) {
      const result = await field<
        "create",
        { responseResult: RawResult; page: { id: number; path: string } | null }
      >("createPage", "create", {
        content: input.content,
        description: input.description ?? "",
        editor: "markdown",
        isPublished: input.isPublished ?? true,
        isPrivate: input.isPrivate ?? false,
        locale: input.locale,
        path: input.path,
        tags: input.tags ?? [],
        title: input.title,
      });
      return toResult(result.responseResult, result.page ?? undefined);
    },
    async updatePage(input: UpdatePageInput) {
      // Safe by construction: content, the page's current tags and isPublished are always sent
      // (omitting them half-applies the update or unpublishes the page).
      const tags = input.tags ?? (await getPage(input.id)).tags;
      const result = await field<"update", { responseResult: RawResult }>("updatePage", "update", {
        id: input.id,
        content: input.content,
        tags,
        isPublished: input.isPublished ?? true,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      });
      return toResult(result.responseResult);
    },
    async probe(): Promise<ProbeResult> {
      const { expiresAt } = await transport.token();
      const pages = await this.listPages();
      // A guest can list; only an authenticated key with manage:pages gets "does not exist" (6003)
      // instead of "not authorized" (6013) for a path that is not there.
      try {
        await field("probePath", "singleByPath", { path: "wiki-gateway/probe/does-not-exist", locale: "en" });
      } catch (error) {
        if (!(error instanceof WikiError) || error.code !== "wiki-page-not-found") {
          if (error instanceof WikiError && error.code === "wiki-needs-manage-pages") {
            throw new WikiError(
              "wiki-guest-fallback",
              "the wiki treats the gateway as a guest (bad, truncated or expired token) or the key lacks manage:pages",
              { cause: error },
            );
          }
          throw error;
        }
      }
      let canReadContent = true;
      const first = pages[0];
      if (first) {
        try {
          await getPage(first.id);
        } catch (error) {
          if (
            error instanceof WikiError &&
            (error.code === "wiki-forbidden" || error.code === "wiki-needs-manage-pages")
          ) {
            canReadContent = false;
          } else throw error;
        }
      }
      return {
        authenticated: true,
        canList: true,
        canReadContent,
        pageCount: pages.length,
        ...(expiresAt ? { expiresInSeconds: Math.round((expiresAt.getTime() - Date.now()) / 1000) } : {}),
      };
    },
  };
}

interface RawResult {
  succeeded: boolean;
  errorCode: number;
  slug: string;
  message: string | null;
}

function toResult(raw: RawResult, page?: { id: number; path: string }): MutationResult {
  return {
    succeeded: raw.succeeded,
    errorCode: raw.errorCode,
    slug: raw.slug,
    message: raw.message ?? (raw.succeeded ? "ok" : raw.slug),
    ...(page ? { page } : {}),
  };
}

function toSummary(row: RawPage): PageSummary {
  return {
    id: row.id,
    path: row.path,
    locale: row.locale,
    title: row.title ?? row.path,
    description: row.description ?? "",
    isPublished: row.isPublished,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    tags: (row.tags ?? []).flatMap((t) => (t === null ? [] : typeof t === "string" ? [t] : [t.tag])),
  };
}

function toPage(row: RawPage): WikiPage {
  return {
    ...toSummary(row),
    content: row.content ?? "",
    contentType: row.contentType ?? "markdown",
    editor: row.editor ?? "markdown",
  };
}
