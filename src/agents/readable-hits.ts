import { readableNow } from "../wiki/publish-window.js";
import type { SearchHit, WikiPage, WikiPort } from "../wiki/types.js";

/** Pages read at most to find the readable ones among a list of hits. */
const MAX_READS = 12;

/**
 * The wiki's own search hits readers may see, in their order: the search says nothing of a page's
 * publication (a draft, a private page, a page outside its publication window), so each hit is
 * read (getPageByPath) until `want` are kept or MAX_READS were read. Each kept item comes with the
 * page as read. Wiki errors propagate.
 */
export async function readableHits<T>(
  wiki: WikiPort,
  items: readonly T[],
  hitOf: (item: T) => SearchHit,
  want: number,
  now: number = Date.now(),
): Promise<Array<{ item: T; page: WikiPage }>> {
  const kept: Array<{ item: T; page: WikiPage }> = [];
  for (const item of items.slice(0, MAX_READS)) {
    if (kept.length >= want) break;
    const hit = hitOf(item);
    const page = await wiki.getPageByPath(hit.path, hit.locale);
    if (page && readableNow(page, now)) kept.push({ item, page });
  }
  return kept;
}
