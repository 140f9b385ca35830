import { checkAccess, type Principal } from "./access.js";
import type { PageStore, StoredPage } from "./page-store.js";
import { wikiError } from "./wiki-errors.js";

export interface CreateArgs {
  content: string;
  description: string;
  editor: string;
  isPublished: boolean;
  isPrivate: boolean;
  locale: string;
  path: string;
  publishEndDate?: string | null;
  publishStartDate?: string | null;
  scriptCss?: string | null;
  scriptJs?: string | null;
  tags: ReadonlyArray<string | null>;
  title: string;
}

export interface UpdateArgs {
  id: number;
  content?: string | null;
  description?: string | null;
  editor?: string | null;
  isPrivate?: boolean | null;
  isPublished?: boolean | null;
  locale?: string | null;
  path?: string | null;
  publishEndDate?: string | null;
  publishStartDate?: string | null;
  scriptCss?: string | null;
  scriptJs?: string | null;
  tags?: ReadonlyArray<string | null> | null;
  title?: string | null;
}

const CONTENT_TYPES: Record<string, string> = {
  markdown: "markdown",
  ckeditor: "html",
  code: "html",
  asciidoc: "asciidoc",
};

/**
 * Wiki.js path rules (pages.createPage / movePage): a path containing `.`, a space, `\` or `//` is
 * PageIllegalPath (6005); one leading and one trailing `/` are then stripped. The sandbox also
 * refuses a path left empty by that (the real server would create a page with an empty path).
 */
export function normalizePath(raw: string): string {
  if (raw.includes(".") || raw.includes(" ") || raw.includes("\\") || raw.includes("//"))
    throw wikiError("PageIllegalPath");
  let path = raw;
  if (path.endsWith("/")) path = path.slice(0, -1);
  if (path.startsWith("/")) path = path.slice(1);
  if (path.length === 0) throw wikiError("PageIllegalPath");
  return path;
}

const isBlank = (content: string | null | undefined) => !content || content.trim().length < 1;

/**
 * pages.createPage: path rules → write access → duplicate (6002) → empty content (6004) → insert.
 * Wiki.js 2.5 refuses a create forbidden by page rules with PageDeleteForbidden (6010), not 6008.
 */
export function createPage(store: PageStore, principal: Principal, args: CreateArgs): StoredPage {
  const path = normalizePath(args.path);
  if (!checkAccess(principal, ["write:pages"], { path })) throw wikiError("PageDeleteForbidden");
  if (store.getByPath(path, args.locale)) throw wikiError("PageDuplicateCreate");
  if (isBlank(args.content)) throw wikiError("PageEmptyContent");
  return store.insert(
    {
      path,
      locale: args.locale,
      title: args.title,
      description: args.description,
      content: args.content,
      isPublished: args.isPublished === true,
      isPrivate: args.isPrivate === true,
      privateNS: null,
      contentType: CONTENT_TYPES[args.editor] ?? "text",
      editor: args.editor,
      creatorId: 1,
      authorId: 1,
      publishStartDate: args.publishStartDate || "",
      publishEndDate: args.publishEndDate || "",
      ...scripts(principal, { path }, args, { scriptCss: "", scriptJs: "" }),
    },
    args.tags.map((t) => t ?? ""),
  );
}

/**
 * The page's CSS and JavaScript after a create or update, as Wiki.js sets them: a key with
 * write:styles (write:scripts) sets the CSS (JavaScript) to what it sent, "" when it sent none;
 * without the right the page keeps what it had. (Wiki.js also minifies the CSS; the sandbox
 * stores it as sent.)
 */
function scripts(
  principal: Principal,
  page: { path: string },
  args: { scriptCss?: string | null; scriptJs?: string | null },
  had: { scriptCss: string; scriptJs: string },
): { scriptCss: string; scriptJs: string } {
  return {
    scriptCss: checkAccess(principal, ["write:styles"], page) ? args.scriptCss || "" : had.scriptCss,
    scriptJs: checkAccess(principal, ["write:scripts"], page) ? args.scriptJs || "" : had.scriptJs,
  };
}

/**
 * pages.updatePage, quirks included: unknown id → Error "Invalid Page Id"; no write access → 6009;
 * blank content → 6004; then the row is saved (omitted title/description kept, `isPublished`
 * anything but true unpublishes, omitted publication dates become "" (the page is published at
 * once and for ever), the scripts are set as in `scripts`, editor ignored) BEFORE the tags are associated, so missing tags
 * throw a TypeError after the save; then a different path/locale moves the page.
 */
export function updatePage(store: PageStore, principal: Principal, args: UpdateArgs): StoredPage {
  const page = store.get(args.id);
  if (!page) throw new Error("Invalid Page Id");
  if (!checkAccess(principal, ["write:pages"], page)) throw wikiError("PageUpdateForbidden");
  if (isBlank(args.content)) throw wikiError("PageEmptyContent");
  store.patch(page, {
    content: args.content!,
    isPublished: args.isPublished === true,
    publishStartDate: args.publishStartDate || "",
    publishEndDate: args.publishEndDate || "",
    ...scripts(principal, page, args, { scriptCss: page.scriptCss ?? "", scriptJs: page.scriptJs ?? "" }),
    ...(typeof args.title === "string" ? { title: args.title } : {}),
    ...(typeof args.description === "string" ? { description: args.description } : {}),
  });
  if (args.tags === undefined || args.tags === null) {
    throw new TypeError(`Cannot read properties of ${String(args.tags)} (reading 'map')`);
  }
  store.setTags(
    page,
    args.tags.map((t) => t ?? ""),
  );
  store.patch(page, { renderedContent: page.content });
  const locale = args.locale || page.locale;
  if (locale !== page.locale || (args.path && args.path !== page.path))
    movePage(store, principal, page, args.path || page.path, locale);
  return page;
}

/** pages.movePage: path rules → manage access on the source and write access on the target (6007) → collision (6006). */
function movePage(
  store: PageStore,
  principal: Principal,
  page: StoredPage,
  rawPath: string,
  locale: string,
): void {
  const path = normalizePath(rawPath);
  if (!checkAccess(principal, ["manage:pages"], page)) throw wikiError("PageMoveForbidden");
  if (!checkAccess(principal, ["write:pages"], { path })) throw wikiError("PageMoveForbidden");
  const existing = store.getByPath(path, locale);
  if (existing && existing !== page) throw wikiError("PagePathCollision");
  if (!existing) store.move(page, path, locale);
}
