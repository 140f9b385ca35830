import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { listMarkdownFiles } from "../../../../src/wiki/import/list-markdown.js";
import { descriptionOf, titleOf, wikiPathFor } from "../../../../src/wiki/import/mapping.js";
import type { SeedPage } from "./seed.js";

/**
 * The Markdown files under `dir` as seed pages, mapped like the gateway's `wiki import` maps them
 * (path from the relative file name, title from the first level-1 heading, description from the
 * first prose line). A file the importer cannot map keeps its raw path with spaces and dots as `-`.
 */
export async function readSeedFolder(dir: string): Promise<SeedPage[]> {
  const pages: SeedPage[] = [];
  for (const file of await listMarkdownFiles(dir)) {
    const content = await readFile(join(dir, file), "utf8");
    if (content.trim() === "") continue;
    const path =
      wikiPathFor(file) ??
      file
        .replace(/\.md$/i, "")
        .replace(/[\s.]+/g, "-")
        .toLowerCase();
    pages.push({
      path,
      title: titleOf(content, basename(file)),
      description: descriptionOf(content),
      content,
    });
  }
  return pages;
}
