import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { projectRoot } from "./project-root.js";

/** A tldr page as the wikis are seeded with it. */
export interface TldrPage {
  path: string;
  title: string;
  description: string;
  content: string;
}

export interface TldrSelection {
  /** Only these sub-folders of the corpus ("common", "linux", "osx"); all of them by default. */
  folders?: readonly string[] | undefined;
  /** At most this many pages (plus `include`); every page by default. */
  limit?: number | undefined;
  /** Paths ("tldr/common/tar") always read, even beyond `limit`. */
  include?: readonly string[] | undefined;
}

/** The tldr corpus kept beside the repository checkout (`../shared/corpus/tldr`). */
export function tldrRoot(): string {
  return join(projectRoot(), "..", "shared", "corpus", "tldr");
}

/**
 * The one reader of a tldr corpus folder (the demo, the tests and the bench seed their wikis with
 * it). Contract: path "tldr/<folder>/<name>" lower-cased, title from the first "# " heading,
 * description from the first "> " line. Pages are taken from the folders in turn (the first page
 * of each, then the second, ...; names sorted), so a `limit` gives a stable, mixed selection.
 */
export async function readTldrPages(root: string, selection: TldrSelection = {}): Promise<TldrPage[]> {
  const wanted = selection.folders ? new Set(selection.folders) : undefined;
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && (!wanted || wanted.has(d.name)))
    .map((d) => d.name)
    .sort();
  const lists = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(join(root, folder)))
        .filter((f) => f.endsWith(".md"))
        .sort()
        .map((file) => ({ folder, file })),
    ),
  );
  const { limit } = selection;
  const include = new Set(selection.include ?? []);
  const chosen: Array<{ folder: string; file: string }> = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (!item) continue;
      if (limit === undefined || chosen.length < limit || include.has(tldrPath(item.folder, item.file))) {
        chosen.push(item);
      }
    }
  }
  return Promise.all(
    chosen.map(async ({ folder, file }) => {
      const content = await readFile(join(root, folder, file), "utf8");
      const title = /^# (.+)$/m.exec(content)?.[1]?.trim() ?? file.replace(/\.md$/, "");
      const description = /^> (.+)$/m.exec(content)?.[1]?.trim() ?? "";
      return { path: tldrPath(folder, file), title, description, content };
    }),
  );
}

function tldrPath(folder: string, file: string): string {
  return `tldr/${folder}/${file.replace(/\.md$/, "")}`.toLowerCase();
}
