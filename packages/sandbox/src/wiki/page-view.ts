import type { Principal } from "./access.js";
import type { PageStore, StoredPage } from "./page-store.js";
import { renderMarkdown } from "./render.js";

/** Throws like Wiki.js's @auth directive: no user → "Unauthorized", none of `requires` → "Forbidden". */
export function guard(principal: Principal | null, requires: readonly string[]): Principal {
  if (!principal) throw new Error("Unauthorized");
  if (!requires.some((p) => principal.permissions.has(p))) throw new Error("Forbidden");
  return principal;
}

export interface RequestContext {
  /** null when a recently expired key left the request without a user. */
  principal: Principal | null;
}

/**
 * The GraphQL `Page` object for a stored page. `content` carries the real schema's
 * `@auth(requires: ["read:source", "write:pages", "manage:system"])`; `render` is the HTML of the
 * content last rendered (stale after a half-applied update).
 */
export function pageView(store: PageStore, page: StoredPage) {
  return {
    id: page.id,
    path: page.path,
    hash: page.hash,
    title: page.title,
    description: page.description,
    isPrivate: page.isPrivate,
    isPublished: page.isPublished,
    contentType: page.contentType,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    editor: page.editor,
    locale: page.locale,
    publishStartDate: page.publishStartDate,
    publishEndDate: page.publishEndDate,
    scriptCss: page.scriptCss ?? "",
    scriptJs: page.scriptJs ?? "",
    tags: page.tags.map((tag) => store.tag(tag)).filter((t) => t !== undefined),
    content: (_args: unknown, context: RequestContext) => {
      guard(context.principal, ["read:source", "write:pages", "manage:system"]);
      return page.content;
    },
    render: () => renderMarkdown(page.renderedContent),
  };
}
