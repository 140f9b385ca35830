import { checkAccess, type Principal } from "./access.js";
import { foldAscii, likeMatcher } from "./like.js";
import type { PageStore, StoredPage } from "./page-store.js";

export interface SearchArgs {
  query: string;
  path?: string | null;
  locale?: string | null;
}

export interface SearchResponse {
  results: Array<{ id: string; title: string; description: string; path: string; locale: string }>;
  suggestions: string[];
  totalHits: number;
}

/** Wiki.js's default `search.maxHits`. */
export const MAX_HITS = 100;

interface Folded {
  title: string;
  description: string;
  path: string;
}

/**
 * The "Database - Basic" search engine of Wiki.js 2.5 on SQLite: published pages whose title or
 * description is LIKE `%query%`, or whose path is LIKE `%lower(query)%`; optional locale filter and
 * path prefix (LIKE `path%`); never the content; id order; at most `search.maxHits` (100) rows,
 * after which results the principal may not read are dropped (totalHits counts them); suggestions
 * always empty. Folded strings are cached per store version.
 */
export function createSearch(store: PageStore) {
  let cacheVersion = -1;
  let folded = new Map<number, Folded>();

  function foldedOf(page: StoredPage): Folded {
    if (cacheVersion !== store.version()) {
      folded = new Map();
      cacheVersion = store.version();
    }
    let entry = folded.get(page.id);
    if (!entry) {
      entry = {
        title: foldAscii(page.title),
        description: foldAscii(page.description),
        path: foldAscii(page.path),
      };
      folded.set(page.id, entry);
    }
    return entry;
  }

  return function search(args: SearchArgs, principal: Principal): SearchResponse {
    const text = likeMatcher(`%${args.query}%`);
    const pathText = likeMatcher(`%${args.query.toLowerCase()}%`);
    const prefix = args.path ? likeMatcher(`${args.path}%`) : undefined;
    const matches: StoredPage[] = [];
    for (const page of store.all()) {
      if (matches.length >= MAX_HITS) break;
      if (!page.isPublished) continue;
      if (args.locale && page.locale !== args.locale) continue;
      const f = foldedOf(page);
      if (prefix && !prefix(f.path)) continue;
      if (!text(f.title) && !text(f.description) && !pathText(f.path)) continue;
      matches.push(page);
    }
    const results = matches
      .filter((page) => checkAccess(principal, ["read:pages"], page))
      .map((page) => ({
        id: String(page.id),
        title: page.title,
        description: page.description,
        path: page.path,
        locale: page.locale,
      }));
    return { results, suggestions: [], totalHits: matches.length };
  };
}
