import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { requireTldrCorpus } from "../../src/sandbox/tldr-corpus.js";

export interface CorpusPage {
  path: string;
  title: string;
  description: string;
  content: string;
}

/** Every tldr page: path "tldr/<folder>/<name>" (lower-case), title from "# ", description from "> ". */
export async function readTldr(root = requireTldrCorpus().dir): Promise<CorpusPage[]> {
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
