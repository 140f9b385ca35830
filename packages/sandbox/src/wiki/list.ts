import { checkAccess, type Principal } from "./access.js";
import type { StoredPage } from "./page-store.js";

export interface ListArgs {
  limit?: number | null;
  orderBy?: "CREATED" | "ID" | "PATH" | "TITLE" | "UPDATED" | null;
  orderByDirection?: "ASC" | "DESC" | null;
  tags?: readonly string[] | null;
  locale?: string | null;
  creatorId?: number | null;
  authorId?: number | null;
}

export interface ListItem {
  id: number;
  path: string;
  locale: string;
  title: string;
  description: string;
  contentType: string;
  isPublished: boolean;
  isPrivate: boolean;
  privateNS: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
}

const SORT_KEY: Record<string, (p: StoredPage) => string | number> = {
  CREATED: (p) => p.createdAt,
  PATH: (p) => p.path,
  TITLE: (p) => p.title,
  UPDATED: (p) => p.updatedAt,
};

/**
 * `pages.list` as Wiki.js 2.5 runs it: one SQL row per page×tag (a page without tags is one row),
 * `tags` keeps only rows whose tag is in the list, `limit` cuts ROWS, then rows are grouped into
 * pages, pages the principal may not read are dropped, and with `tags` only pages carrying every
 * requested tag (compared as given, so upper-case never matches) survive. Unpublished pages are
 * listed too (with `isPublished: false`).
 */
export function listPages(pages: Iterable<StoredPage>, args: ListArgs, principal: Principal): ListItem[] {
  const wanted = args.tags?.length ? new Set(args.tags.map((t) => t.trim().toLowerCase())) : undefined;
  let selected: StoredPage[] = [];
  for (const page of pages) {
    if (args.locale && page.locale !== args.locale) continue;
    if (args.creatorId && args.authorId && args.creatorId > 0 && args.authorId > 0) {
      if (page.creatorId !== args.creatorId && page.authorId !== args.authorId) continue;
    } else {
      if (args.creatorId && args.creatorId > 0 && page.creatorId !== args.creatorId) continue;
      if (args.authorId && args.authorId > 0 && page.authorId !== args.authorId) continue;
    }
    selected.push(page);
  }
  const sortKey = args.orderBy ? SORT_KEY[args.orderBy] : undefined;
  const desc = args.orderByDirection === "DESC";
  if (sortKey) {
    selected.sort((a, b) => {
      const ka = sortKey(a);
      const kb = sortKey(b);
      return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
    });
  }
  if (desc) selected = selected.reverse();

  let budget = args.limit && args.limit > 0 ? args.limit : Number.POSITIVE_INFINITY;
  const out: ListItem[] = [];
  for (const page of selected) {
    if (budget <= 0) break;
    const rowTags = wanted ? page.tags.filter((t) => wanted.has(t)) : page.tags;
    if (wanted && rowTags.length === 0) continue;
    const kept = rowTags.slice(0, Math.max(1, Math.min(rowTags.length, budget)));
    budget -= Math.max(1, kept.length);
    if (!checkAccess(principal, ["read:pages"], page)) continue;
    if (args.tags?.length && !args.tags.every((t) => kept.includes(t))) continue;
    out.push({
      id: page.id,
      path: page.path,
      locale: page.locale,
      title: page.title,
      description: page.description,
      contentType: page.contentType,
      isPublished: page.isPublished,
      isPrivate: page.isPrivate,
      privateNS: page.privateNS,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      tags: kept,
    });
  }
  return out;
}
