import type { IndexedPage, PageDirectory } from "./index-types.js";

export const titleKey = (title: string) => title.trim().toLowerCase().replace(/\s+/g, " ");

/** The folder a page sits in: its path without the last segment ("" at the top). */
export const folderOf = (path: string) => {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "" : trimmed.slice(0, cut);
};

/** Titles two folders must share to hold variants of the same pages (PageDirectory.variantsOf). */
export const VARIANT_TITLES = 10;

export function buildDirectory(pages: Iterable<IndexedPage>): PageDirectory {
  const byTitle = new Map<string, IndexedPage[]>();
  const folders = new Map<string, number>();
  for (const page of pages) {
    const title = `${page.locale}\u0000${titleKey(page.title)}`;
    const list = byTitle.get(title);
    if (list) list.push(page);
    else byTitle.set(title, [page]);
    const folder = `${page.locale}\u0000${folderOf(page.path)}`;
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const shared = sharedTitles(byTitle.values());
  const titled = (title: string, locale: string) => byTitle.get(`${locale}\u0000${titleKey(title)}`) ?? [];
  const variants = (folder: string, other: string, locale: string) =>
    folder !== other && (shared.get(pairKey(locale, folder, other)) ?? 0) >= VARIANT_TITLES;
  return {
    titled,
    folderSize: (folder, locale) => folders.get(`${locale}\u0000${folder}`) ?? 0,
    variantsOf: (page) =>
      titled(page.title, page.locale).filter(
        (p) => p.id === page.id || variants(folderOf(page.path), folderOf(p.path), page.locale),
      ),
  };
}

const pairKey = (locale: string, a: string, b: string) =>
  a < b ? `${locale}\u0000${a}\u0000${b}` : `${locale}\u0000${b}\u0000${a}`;

/** For each pair of folders (per locale), how many titles both hold. */
function sharedTitles(groups: Iterable<IndexedPage[]>): Map<string, number> {
  const shared = new Map<string, number>();
  for (const group of groups) {
    if (group.length < 2) continue;
    const inFolders = [...new Set(group.map((p) => folderOf(p.path)))];
    const locale = group[0]!.locale;
    for (let i = 0; i < inFolders.length; i++)
      for (let j = i + 1; j < inFolders.length; j++) {
        const key = pairKey(locale, inFolders[i]!, inFolders[j]!);
        shared.set(key, (shared.get(key) ?? 0) + 1);
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
