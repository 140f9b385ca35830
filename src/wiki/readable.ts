import { type PublishWindow, withinPublishWindow } from "./publish-window.js";
import type { PageSummary, SearchHit, WikiPage, WikiPort } from "./types.js";

/**
 * The folder of the gateway's own pages (the editors' page of unanswered questions): they hold
 * what readers asked, for editors, and are never indexed nor shown as an answer.
 */
export const GATEWAY_PAGES_FOLDER = "_gateway";

/** Whether `path` (slashes around it or not) is one of the gateway's own pages. */
export function isGatewayPage(path: string): boolean {
  const first = path.replace(/^\/+/, "").split("/")[0];
  return first === GATEWAY_PAGES_FOLDER;
}

/**
 * Whether the gateway may show a page to people: published, not private, and not one of its own
 * pages (`isGatewayPage`). The one test of it:
 * the search index keeps only such pages, and whatever shows a page found another way (the wiki's
 * own search) reads the page and asks this first. Wiki.js's default search engine filters on
 * publication only, so private pages turn up in its hits. A page read whole has its publication
 * window too, which readers must also be inside (`readableNow` below); the index
 * keeps the window of the pages it holds and judges it when it shows them.
 */
export function isReadable(page: Pick<PageSummary, "isPublished" | "isPrivate" | "path">): boolean {
  return page.isPublished && !page.isPrivate && !isGatewayPage(page.path);
}

/** What readers may see of a page read whole: `isReadable`, and inside its publication window now. */
export function readableNow(
  page: PublishWindow & Pick<PageSummary, "isPublished" | "isPrivate" | "path">,
  now: number = Date.now(),
): boolean {
  return isReadable(page) && withinPublishWindow(page, now);
}

/** A hit of the wiki's own search with its page, read and found readable. */
export interface ReadableHit<H extends SearchHit = SearchHit> {
  hit: H;
  page: WikiPage;
}

/**
 * The first `want` hits, in order, whose page exists, `isReadable` and is inside its publication
 * window now (Wiki.js hides a scheduled or expired page from readers): each hit is read by path
 * and locale (a hit's id is not reliably a page id), a batch at a time, at most `maxReads` reads
 * in all, so a search full of private pages stays bounded. Hits that are gone or not readable are dropped;
 * wiki errors propagate.
 * `now` (wall-clock ms) is the moment the publication windows are judged at.
 */
export async function readableHits<H extends SearchHit>(
  wiki: Pick<WikiPort, "getPageByPath">,
  hits: readonly H[],
  limits: { want: number; maxReads: number },
  now: number = Date.now(),
): Promise<Array<ReadableHit<H>>> {
  const kept: Array<ReadableHit<H>> = [];
  let next = 0;
  while (kept.length < limits.want && next < hits.length && next < limits.maxReads) {
    const batch = hits.slice(next, Math.min(next + limits.want - kept.length, limits.maxReads));
    next += batch.length;
    const pages = await Promise.all(batch.map((hit) => wiki.getPageByPath(hit.path, hit.locale)));
    batch.forEach((hit, i) => {
      const page = pages[i];
      if (page && readableNow(page, now)) kept.push({ hit, page });
    });
  }
  return kept;
}
