import type { IndexedPage, PageDirectory } from "./index-types.js";

export const titleKey = (title: string) => title.trim().toLowerCase().replace(/\s+/g, " ");

/** The folder a page sits in: its path without the last segment ("" at the top). */
export const folderOf = (path: string) => {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "" : trimmed.slice(0, cut);
};

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
  return {
    titled: (title, locale) => byTitle.get(`${locale}\u0000${titleKey(title)}`) ?? [],
    folderSize: (folder, locale) => folders.get(`${locale}\u0000${folder}`) ?? 0,
  };
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
