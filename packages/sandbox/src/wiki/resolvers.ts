import { checkAccess } from "./access.js";
import { type ListArgs, listPages } from "./list.js";
import { type CreateArgs, createPage, type UpdateArgs, updatePage } from "./page-mutations.js";
import type { PageStore, StoredPage } from "./page-store.js";
import { guard, pageView, type RequestContext } from "./page-view.js";
import { createSearch, type SearchArgs } from "./search.js";
import { wikiError } from "./wiki-errors.js";
import { createWriteModel, type WriteModelControls } from "./write-model.js";

const READ = ["manage:system", "read:pages"];
const WRITE = ["write:pages", "manage:pages", "manage:system"];

/** graphqlHelper.generateError: errorCode is the Wiki.js code or 1, slug the error's name. */
function failure(error: unknown) {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  return {
    responseResult: {
      succeeded: false,
      errorCode: typeof code === "number" && Number.isFinite(code) ? code : 1,
      slug: err.name,
      message: err.message || "An unexpected error occurred.",
    },
    page: null,
  };
}

function success(message: string) {
  return { succeeded: true, errorCode: 0, slug: "ok", message };
}

/**
 * The root value for graphql-js: `Query.pages` / `Mutation.pages` return objects whose methods are
 * the field resolvers `(args, context)`, guarded like the real schema's @auth directives.
 */
export function createRootValue(store: PageStore, controls: WriteModelControls) {
  const search = createSearch(store);
  const writes = createWriteModel(store, controls);

  /** pages.single / singleByPath: 6003 when missing, 6013 without manage:pages or delete:pages. */
  function viewable(page: StoredPage | undefined, context: RequestContext) {
    const principal = guard(context.principal, ["read:pages", "manage:system"]);
    if (!page) throw wikiError("PageNotFound");
    if (!checkAccess(principal, ["manage:pages", "delete:pages"], page)) throw wikiError("PageViewForbidden");
    return pageView(store, page);
  }

  const pageQuery = {
    list: (args: ListArgs, context: RequestContext) =>
      listPages(store.all(), args, guard(context.principal, READ)),
    search: (args: SearchArgs, context: RequestContext) => search(args, guard(context.principal, READ)),
    single: (args: { id: number }, context: RequestContext) => viewable(store.get(args.id), context),
    singleByPath: (args: { path: string; locale: string }, context: RequestContext) =>
      viewable(store.getByPath(args.path, args.locale), context),
  };

  // The page is saved before the render and tree job run (and may fail): like Wiki.js, a failed
  // tree job still leaves the page created. Wiki.js's create answer carries the page row as read
  // from its database, without `locale`: selecting `page { locale }` nulls the whole page.
  const pageMutation = {
    create: async (args: CreateArgs, context: RequestContext) => {
      const principal = guard(context.principal, WRITE);
      try {
        const page = createPage(store, principal, args);
        await writes.afterSave(true);
        return {
          responseResult: success("Page created successfully."),
          page: { ...pageView(store, page), locale: null },
        };
      } catch (error) {
        return failure(error);
      }
    },
    update: async (args: UpdateArgs, context: RequestContext) => {
      const principal = guard(context.principal, WRITE);
      try {
        const before = store.get(args.id);
        const from = before && `${before.locale}/${before.path}`;
        const page = updatePage(store, principal, args);
        await writes.afterSave(from !== `${page.locale}/${page.path}`);
        return { responseResult: success("Page has been updated."), page: pageView(store, page) };
      } catch (error) {
        return failure(error);
      }
    },
  };

  // PageQuery and PageMutation expose disjoint fields, so one object serves both root types.
  const pages = { ...pageQuery, ...pageMutation };
  return { pages: () => pages };
}
