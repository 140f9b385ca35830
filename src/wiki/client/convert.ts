import type { MutationResult, PageSummary, SearchHit, WikiPage } from "../types.js";

/** A `list` row or a `single` page as the wiki sends it (list tags are strings, page tags objects). */
export interface RawPage {
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
  /** `Date!` on a page: "" when unset. */
  publishStartDate?: string;
  publishEndDate?: string;
  scriptCss?: string | null;
  scriptJs?: string | null;
  /** Set by bounded-fetch.ts when the answer was cut inside `content`. */
  contentCut?: boolean;
}

export interface RawResult {
  succeeded: boolean;
  errorCode: number;
  slug: string;
  message: string | null;
}

export interface RawHit {
  id: string;
  title: string;
  description: string;
  path: string;
  locale: string;
}

export function toSummary(row: RawPage): PageSummary {
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

/** A page as the gateway keeps it: its content up to `maxBytes` (cut pages say so in `contentCut`). */
export function toPage(row: RawPage, maxBytes = Infinity): WikiPage {
  const content = row.content ?? "";
  const cut = row.contentCut === true || Buffer.byteLength(content) > maxBytes;
  return {
    ...toSummary(row),
    content: cut ? utf8Prefix(content, maxBytes) : content,
    ...(cut ? { contentCut: true } : {}),
    contentType: row.contentType ?? "markdown",
    editor: row.editor ?? "markdown",
    publishStartDate: row.publishStartDate ?? "",
    publishEndDate: row.publishEndDate ?? "",
    scriptCss: row.scriptCss ?? "",
    scriptJs: row.scriptJs ?? "",
  };
}

/** The longest prefix of `text` of at most `maxBytes` in UTF-8, no character cut in half. */
function utf8Prefix(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  return Buffer.from(text)
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

/** One summary per page id: `list` may repeat a page once per tag row on some engines. */
export function uniquePages(rows: readonly RawPage[]): PageSummary[] {
  const byId = new Map<number, PageSummary>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (!seen) byId.set(row.id, toSummary(row));
    else for (const tag of toSummary(row).tags) if (!seen.tags.includes(tag)) seen.tags.push(tag);
  }
  return [...byId.values()];
}

/**
 * Search hits keyed by path + locale, never by the hit's `id` (with the PostgreSQL engine it is a
 * search-row id, not a page id); duplicates dropped, order kept.
 */
export function toHits(results: ReadonlyArray<RawHit | null>): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const hit of results) {
    if (!hit) continue;
    const key = `${hit.locale}\u0000${hit.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({ path: hit.path, locale: hit.locale, title: hit.title, description: hit.description });
  }
  return hits;
}

export function toResult(raw: RawResult, page?: { id: number; path: string } | null): MutationResult {
  return {
    succeeded: raw.succeeded,
    errorCode: raw.errorCode,
    slug: raw.slug,
    message: raw.message ?? (raw.succeeded ? "ok" : raw.slug),
    ...(page ? { page } : {}),
  };
}
