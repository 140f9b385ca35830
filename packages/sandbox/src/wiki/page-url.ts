/** Characters a Wiki.js 2.5 page URL loses: control characters and `\ " | < > : * ?`. */
const UNSAFE = /[\x00-\x1f\x80-\x9f\\"|<>:*?]/;

/**
 * Where a page URL leads on Wiki.js 2.5, as observed: the path is percent-decoded, the first
 * unsafe character is dropped (so `/en/verify/what%3F` looks for `verify/what`, and a page stored
 * as `verify/what?` has no working URL), a one-letter first segment is skipped, and a first
 * segment of two letters (or `xx-yy`) is the locale.
 */
export function pageFromUrl(pathname: string, defaultLocale = "en"): { locale: string; path: string } {
  let raw: string;
  try {
    raw = decodeURIComponent(pathname).trim();
  } catch {
    raw = pathname.trim();
  }
  raw = raw.replace(/^\//, "").replace(UNSAFE, "");
  raw = raw.replace(/\\/g, "").replace(/\/\//g, "").replace(/\.\.+/g, "");
  const parts = raw.split("/").filter((p) => p.trim() !== "" && p !== "." && p !== "..");
  if (parts[0]?.length === 1) parts.shift();
  let locale = defaultLocale;
  if (parts[0] !== undefined && /^[a-z]{2}(-[a-z]{2})?$/i.test(parts[0])) locale = parts.shift()!;
  return { locale, path: parts.length === 0 ? "home" : parts.join("/") };
}

/**
 * Wiki.js's check before it shows a published page to a reader: a publication start that is set
 * must be at or before now, an end at or after now ("" = no bound); a bound that is not a date
 * fails the check.
 */
export function insidePublishWindow(
  page: { publishStartDate: string; publishEndDate: string },
  now: number,
): boolean {
  const start = page.publishStartDate === "" ? undefined : Date.parse(page.publishStartDate);
  const end = page.publishEndDate === "" ? undefined : Date.parse(page.publishEndDate);
  return (start === undefined || start <= now) && (end === undefined || end >= now);
}
