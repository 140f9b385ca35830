/**
 * A page's publication window as Wiki.js 2.5 keeps it: two strings, "" meaning no bound on that
 * side. Wiki.js shows a published page to readers only while start ≤ now ≤ end (both bounds
 * inclusive); outside it a reader without write rights gets 403, as for a draft. A bound that is
 * set but cannot be read as a date closes the window (Wiki.js compares an invalid date as false).
 *
 * Dates are read with `Date.parse`: an ISO-8601 time with a zone is exact; a bare date
 * ("2030-01-01", as the wiki's editor may store it) is taken as midnight UTC, where Wiki.js takes
 * midnight in its server's time zone.
 */
export interface PublishWindow {
  publishStartDate?: string | undefined;
  publishEndDate?: string | undefined;
}

/** The bound as a time in ms; undefined when unset, NaN when set but not a date. */
function bound(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  return Date.parse(value.trim());
}

/** True while `now` (ms) is inside the page's window; a page without dates always is. */
export function withinPublishWindow(page: PublishWindow, now: number = Date.now()): boolean {
  const start = bound(page.publishStartDate);
  const end = bound(page.publishEndDate);
  if (start !== undefined && !(start <= now)) return false;
  if (end !== undefined && !(end >= now)) return false;
  return true;
}

/** True when the page has a bound at all (most pages have none). */
export function hasPublishWindow(page: PublishWindow): boolean {
  return bound(page.publishStartDate) !== undefined || bound(page.publishEndDate) !== undefined;
}

/**
 * The first time after `now` (ms) at which `withinPublishWindow` of the page changes: its start
 * when it is still ahead, else the instant just after its end when that is still ahead; undefined
 * when it never changes again.
 */
export function nextPublishChange(page: PublishWindow, now: number = Date.now()): number | undefined {
  const start = bound(page.publishStartDate);
  const end = bound(page.publishEndDate);
  const ahead = [start, end === undefined ? undefined : end + 1].filter(
    (t): t is number => t !== undefined && Number.isFinite(t) && t > now,
  );
  return ahead.length === 0 ? undefined : Math.min(...ahead);
}
