import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The tldr corpus beside the project (../shared/corpus/tldr). */
export const TLDR_ROOT = resolve(
  fileURLToPath(new URL("../../../", import.meta.url)),
  "..",
  "shared",
  "corpus",
  "tldr",
);

export interface CorpusPage {
  path: string;
  title: string;
  description: string;
  content: string;
}

/** Every tldr page: path "tldr/<folder>/<name>" (lower-case), title from "# ", description from "> ". */
export async function readTldr(root = TLDR_ROOT): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const folder of (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    for (const file of (await readdir(join(root, folder.name))).filter((f) => f.endsWith(".md")).sort()) {
      const content = await readFile(join(root, folder.name, file), "utf8");
      pages.push({
        path: `tldr/${folder.name}/${file.replace(/\.md$/, "")}`.toLowerCase(),
        title: /^# (.+)$/m.exec(content)?.[1]?.trim() ?? file,
        description: /^> (.+)$/m.exec(content)?.[1]?.trim() ?? "",
        content,
      });
    }
  }
  return pages;
}
