import type { PageStore } from "./page-store.js";

export interface SeedPage {
  path: string;
  title: string;
  content: string;
  description?: string;
  tags?: string[];
  locale?: string;
  isPublished?: boolean;
  /** Default false. Wiki.js's default search still returns a private published page. */
  isPrivate?: boolean;
}

/**
 * Bulk insert without the GraphQL layer or the path rules (one leading/trailing `/` is stripped):
 * a page at an existing path+locale is replaced in place (same id). O(pages).
 */
export function seedPages(store: PageStore, pages: readonly SeedPage[]): void {
  for (const seed of pages) {
    const path = seed.path.replace(/^\//, "").replace(/\/$/, "");
    const locale = seed.locale ?? "en";
    const fields = {
      title: seed.title,
      description: seed.description ?? "",
      content: seed.content,
      isPublished: seed.isPublished ?? true,
      isPrivate: seed.isPrivate ?? false,
    };
    const existing = store.getByPath(path, locale);
    if (existing) {
      store.patch(existing, { ...fields, renderedContent: seed.content });
      store.setTags(existing, seed.tags ?? []);
      continue;
    }
    store.insert(
      {
        ...fields,
        path,
        locale,
        privateNS: null,
        contentType: "markdown",
        editor: "markdown",
        creatorId: 1,
        authorId: 1,
        publishStartDate: "",
        publishEndDate: "",
      },
      seed.tags ?? [],
    );
  }
}
