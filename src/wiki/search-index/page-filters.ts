import type { IndexedPage } from "./index-types.js";

/** Section filters kept for reuse (agents' sections, and pages offered as choices). */
const MAX_FILTERS = 64;

export type PageFilter = (page: IndexedPage) => boolean;

/**
 * One filter function per section and locale, so that the engine can keep which pages pass it (a
 * mask per filter) instead of testing a page for each of its matching passages. Contract: the same
 * function object for the same section, locales and hidden set; all are made anew when the hidden
 * set (pages outside their publication window) is another object. `locales` undefined or empty:
 * every locale.
 */
export function createPageFilters(): (
  section: string,
  locales: readonly string[] | undefined,
  hidden: ReadonlySet<number>,
) => PageFilter {
  const filters = new Map<string, PageFilter>();
  let filtersHidden: ReadonlySet<number> | undefined;
  return (section, locales, hidden) => {
    if (hidden !== filtersHidden) {
      filters.clear();
      filtersHidden = hidden;
    }
    const key = `${(locales ?? []).join(",")}\u0000${section}`;
    let filter = filters.get(key);
    if (!filter) {
      if (filters.size >= MAX_FILTERS) filters.clear();
      filters.set(key, (filter = matches(section, locales, hidden)));
    }
    return filter;
  };
}

function matches(
  section: string,
  locales: readonly string[] | undefined,
  hidden: ReadonlySet<number>,
): PageFilter {
  const wanted = locales && locales.length > 0 ? new Set(locales) : undefined;
  return (page) =>
    !hidden.has(page.id) &&
    (wanted === undefined || wanted.has(page.locale)) &&
    (section === "" || page.path === section || page.path.startsWith(`${section}/`));
}
