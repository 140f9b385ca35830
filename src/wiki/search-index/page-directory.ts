import { trimSlashes } from "../../core/wiki-path.js";
import type { IndexedPage, PageDirectory } from "./index-types.js";

/** Whitespace that `titleKey` rewrites: any but a single plain space. */
const ODD_SPACE = /[^\S ]| {2}/;

export const titleKey = (title: string) => {
  const key = title.trim().toLowerCase();
  return ODD_SPACE.test(key) ? key.replace(/\s+/g, " ") : key;
};

/** The folder a page sits in: its path without the last segment ("" at the top). */
export const folderOf = (path: string) => {
  const trimmed = trimSlashes(path);
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "" : trimmed.slice(0, cut);
};

/** Titles two folders must share to hold variants of the same pages (PageDirectory.variantsOf). */
export const VARIANT_TITLES = 10;

/**
 * Built in one pass over the pages, keyed by locale first, so that no key string is made per page
 * (half the allocation, on 12,000 pages, of keys joining locale and title).
 */
export function buildDirectory(pages: Iterable<IndexedPage>): PageDirectory {
  const byTitle = new Map<string, Map<string, IndexedPage[]>>();
  const folders = new Map<string, Map<string, number>>();
  const folderOfPage = new Map<IndexedPage, string>();
  for (const page of pages) {
    const titles = inner(byTitle, page.locale);
    const key = titleKey(page.title);
    const list = titles.get(key);
    if (list) list.push(page);
    else titles.set(key, [page]);
    const folder = folderOf(page.path);
    folderOfPage.set(page, folder);
    const counts = inner(folders, page.locale);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const shared = sharedTitles(byTitle, folderOfPage);
  const titled = (title: string, locale: string) => byTitle.get(locale)?.get(titleKey(title)) ?? [];
  const variants = (folder: string, other: string, locale: string) =>
    folder !== other && (shared.get(locale)?.get(pairKey(folder, other)) ?? 0) >= VARIANT_TITLES;
  return {
    titled,
    folderSize: (folder, locale) => folders.get(locale)?.get(folder) ?? 0,
    variantsOf: (page) =>
      titled(page.title, page.locale).filter(
        (p) => p.id === page.id || variants(folderOf(page.path), folderOf(p.path), page.locale),
      ),
  };
}

/** `outer`'s map for `key`, made when first asked for. */
function inner<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = outer.get(key);
  if (!map) outer.set(key, (map = new Map()));
  return map;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** For each locale, for each pair of its folders, how many titles both hold. */
function sharedTitles(
  byTitle: ReadonlyMap<string, ReadonlyMap<string, IndexedPage[]>>,
  folderOfPage: ReadonlyMap<IndexedPage, string>,
): Map<string, Map<string, number>> {
  const shared = new Map<string, Map<string, number>>();
  for (const [locale, titles] of byTitle) {
    for (const group of titles.values()) {
      if (group.length < 2) continue;
      const inFolders = [...new Set(group.map((p) => folderOfPage.get(p)!))];
      const counts = inner(shared, locale);
      for (let i = 0; i < inFolders.length; i++)
        for (let j = i + 1; j < inFolders.length; j++) {
          const key = pairKey(inFolders[i]!, inFolders[j]!);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
    }
  }
  return shared;
}

/** A directory kept for its keys: rebuilt only when one of the key objects changes. */
export function cachedDirectory(): (
  keys: readonly unknown[],
  pages: () => Iterable<IndexedPage>,
) => PageDirectory {
  let kept: { keys: readonly unknown[]; directory: PageDirectory } | undefined;
  return (keys, pages) => {
    const same =
      kept !== undefined && kept.keys.length === keys.length && keys.every((k, i) => kept!.keys[i] === k);
    if (!same) kept = { keys, directory: buildDirectory(pages()) };
    return kept!.directory;
  };
}
