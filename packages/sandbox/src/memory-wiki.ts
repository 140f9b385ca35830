import type {
  CreatePageInput,
  MutationResult,
  PageSummary,
  SearchHit,
  UpdatePageInput,
  WikiPage,
  WikiPort,
} from "../../../src/wiki/types.js";
import { WikiError } from "../../../src/wiki/wiki-error.js";
import { type HandbookOptions, readHandbookPages } from "./handbook.js";
import { readTldrPages, tldrRoot } from "./tldr-corpus.js";

/**
 * An in-memory WikiPort for unit tests and the answer-quality bench: no network. It behaves like
 * Wiki.js 2.5 where the gateway can tell: search is the default engine's (the WHOLE query as one
 * substring of title, description or path, ASCII case-folding, `%`/`_` wildcards, published pages
 * only), mutations answer with the real responseResult codes and messages, update keeps what it
 * is not given (tags, publication, privacy, title, description), and every write moves updatedAt
 * forward.
 */
export interface MemoryWiki extends WikiPort {
  /** Adds a page directly (no path checks), like data imported earlier. */
  add(page: SeedPage): WikiPage;
  /** Deletes a page, as an editor would in the wiki's own UI. */
  remove(id: number): void;
  /** All pages, by id. */
  readonly pages: Map<number, WikiPage>;
  /** How often each method was called. */
  readonly calls: Record<keyof WikiPort, number>;
  /** Makes every call reject with this error (undefined = work again). */
  failWith(error: Error | undefined): void;
}

export interface SeedPage {
  path: string;
  title: string;
  content: string;
  description?: string;
  locale?: string;
  isPublished?: boolean;
  isPrivate?: boolean;
  tags?: string[];
  updatedAt?: string;
  /** The publication window ("" or absent = no bound). */
  publishStartDate?: string;
  publishEndDate?: string;
}

export function createMemoryWiki(seed: SeedPage[] = []): MemoryWiki {
  const pages = new Map<number, WikiPage>();
  const calls = {
    listPages: 0,
    getPage: 0,
    getPageByPath: 0,
    search: 0,
    createPage: 0,
    updatePage: 0,
    probe: 0,
  } satisfies Record<keyof WikiPort, number>;
  let nextId = 1;
  let clock = Date.parse("2026-01-01T00:00:00.000Z");
  let failure: Error | undefined;
  const now = () => new Date((clock += 1000)).toISOString();
  const call = (name: keyof WikiPort) => {
    calls[name]++;
    if (failure) throw failure;
  };
  const byPath = (path: string, locale: string) =>
    [...pages.values()].find((p) => p.path === path && p.locale === locale);

  const add = (seedPage: SeedPage): WikiPage => {
    const stamp = seedPage.updatedAt ?? now();
    const page: WikiPage = {
      id: nextId++,
      path: seedPage.path,
      locale: seedPage.locale ?? "en",
      title: seedPage.title,
      description: seedPage.description ?? "",
      isPublished: seedPage.isPublished ?? true,
      isPrivate: seedPage.isPrivate ?? false,
      tags: seedPage.tags ?? [],
      createdAt: stamp,
      updatedAt: stamp,
      content: seedPage.content,
      contentType: "markdown",
      editor: "markdown",
      publishStartDate: seedPage.publishStartDate ?? "",
      publishEndDate: seedPage.publishEndDate ?? "",
      scriptCss: "",
      scriptJs: "",
    };
    pages.set(page.id, page);
    return page;
  };
  for (const s of seed) add(s);

  const ok = (message: string, page?: WikiPage): MutationResult => ({
    succeeded: true,
    errorCode: 0,
    slug: "ok",
    message,
    ...(page ? { page: { id: page.id, path: page.path } } : {}),
  });
  const fail = (errorCode: number, slug: string, message: string): MutationResult => ({
    succeeded: false,
    errorCode,
    slug,
    message,
  });

  return {
    pages,
    calls,
    add,
    remove: (id) => void pages.delete(id),
    failWith: (error) => {
      failure = error;
    },
    async listPages(): Promise<PageSummary[]> {
      call("listPages");
      // Like Wiki.js's list: no content, and neither the publication window nor the scripts.
      return [...pages.values()].map(
        ({
          content: _c,
          contentType: _t,
          editor: _e,
          publishStartDate: _s,
          publishEndDate: _n,
          scriptCss: _css,
          scriptJs: _js,
          ...summary
        }) => ({ ...summary, tags: [...summary.tags] }),
      );
    },
    async getPage(id) {
      call("getPage");
      const page = pages.get(id);
      if (!page)
        throw new WikiError("wiki-page-not-found", `page ${id} does not exist (6003)`, { wikiCode: 6003 });
      return { ...page, tags: [...page.tags] };
    },
    async getPageByPath(path, locale) {
      call("getPageByPath");
      const page = byPath(path, locale);
      return page ? { ...page, tags: [...page.tags] } : undefined;
    },
    async search(query, locale): Promise<SearchHit[]> {
      call("search");
      const pattern = likePattern(query);
      return [...pages.values()]
        .filter((p) => p.isPublished && (locale === undefined || p.locale === locale))
        .filter((p) => [p.title, p.description, p.path].some((field) => pattern.test(field)))
        .map((p) => ({ path: p.path, locale: p.locale, title: p.title, description: p.description }));
    },
    async createPage(input: CreatePageInput) {
      call("createPage");
      if (/[. \\]|\/\//.test(input.path)) return fail(6005, "PageIllegalPath", "Page path is invalid.");
      const path = input.path.replace(/^\/+|\/+$/g, "");
      if (!input.content.trim()) return fail(6004, "PageEmptyContent", "Page content cannot be empty.");
      if (byPath(path, input.locale)) {
        return fail(
          6002,
          "PageDuplicateCreate",
          "Cannot create this page because an entry already exists at the same path.",
        );
      }
      const seedPage: SeedPage = { path, locale: input.locale, title: input.title, content: input.content };
      if (input.description !== undefined) seedPage.description = input.description;
      if (input.tags !== undefined) seedPage.tags = input.tags;
      if (input.isPublished !== undefined) seedPage.isPublished = input.isPublished;
      if (input.isPrivate !== undefined) seedPage.isPrivate = input.isPrivate;
      return ok("Page created successfully.", add(seedPage));
    },
    async updatePage(input: UpdatePageInput) {
      call("updatePage");
      const page = pages.get(input.id);
      if (!page) return fail(1, "Error", "Invalid Page Id");
      if (!input.content.trim()) return fail(6004, "PageEmptyContent", "Page content cannot be empty.");
      const updated: WikiPage = {
        ...page,
        content: input.content,
        title: input.title ?? page.title,
        description: input.description ?? page.description,
        tags: input.tags ?? page.tags,
        isPublished: input.isPublished ?? page.isPublished,
        isPrivate: input.isPrivate ?? page.isPrivate,
        updatedAt: now(),
      };
      pages.set(page.id, updated);
      return ok("Page has been updated.", updated);
    },
    async probe() {
      call("probe");
      return { authenticated: true, canList: true, canReadContent: true, pageCount: pages.size };
    },
  };
}

/** The default engine's LIKE '%query%': ASCII case-insensitive, `%` and `_` are wildcards. */
function likePattern(query: string): RegExp {
  const body = [...query]
    .map((c) => (c === "%" ? ".*" : c === "_" ? "." : c.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")))
    .join("");
  return new RegExp(body, "i");
}

export interface TldrOptions {
  /** Corpus root; tldrRoot() by default. */
  root?: string;
  /** Paths ("tldr/common/tar") always loaded, even beyond `limit`. */
  include?: string[];
}

/** A memory wiki holding the team handbook's pages (see readHandbookPages). */
export async function loadHandbookPages(options: HandbookOptions = {}): Promise<MemoryWiki> {
  return createMemoryWiki(await readHandbookPages(options));
}

/** A memory wiki holding tldr pages (see readTldrPages): at most `limit` of them, plus `include`. */
export async function loadTldrPages(limit?: number, opts: TldrOptions = {}): Promise<MemoryWiki> {
  return createMemoryWiki(await readTldrPages(opts.root ?? tldrRoot(), { limit, include: opts.include }));
}
