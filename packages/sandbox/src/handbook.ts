import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { listMarkdownFiles } from "../../../src/wiki/import/list-markdown.js";
import { descriptionOf, titleOf, wikiPathFor } from "../../../src/wiki/import/mapping.js";
import { projectRoot } from "./project-root.js";

/**
 * The Acme team handbook: a fictional handbook of a few dozen linked Markdown pages (people,
 * engineering, security, support, office), written for this project's tests and demo, plus an
 * `edge-cases/` folder (empty file, front matter only, Latin-1 bytes, CRLF, very long lines, a
 * 380 KB page, deep folders, odd file names). Duplicate titles are on purpose (two "On-call").
 */
export function handbookDir(root: string = projectRoot()): string {
  return join(root, "packages", "sandbox", "fixtures", "handbook");
}

export interface HandbookPage {
  path: string;
  title: string;
  description: string;
  content: string;
  /** The file, relative to handbookDir(). */
  file: string;
}

export interface HandbookOptions {
  /** The first path segment of every page; "handbook" by default. */
  prefix?: string;
  /** Include the `edge-cases/` folder; true by default. */
  edgeCases?: boolean;
  dir?: string;
}

/**
 * The handbook as wiki pages, mapped exactly as `wiki-gateway wiki import --prefix handbook` maps
 * them: path from the file name, title from the first `#` heading, description from the first `>`
 * line or paragraph. Files are read as UTF-8 (invalid bytes become U+FFFD, as in the import).
 */
export async function readHandbookPages(options: HandbookOptions = {}): Promise<HandbookPage[]> {
  const dir = options.dir ?? handbookDir();
  const prefix = options.prefix ?? "handbook";
  const files = (await listMarkdownFiles(dir)).filter(
    (f) => options.edgeCases !== false || !f.startsWith("edge-cases/"),
  );
  const pages: HandbookPage[] = [];
  for (const file of files) {
    const path = wikiPathFor(file, prefix);
    if (path === undefined) continue;
    const content = await readFile(join(dir, file), "utf8");
    const title = titleOf(content, file.split("/").pop() ?? file);
    pages.push({ path, title, description: descriptionOf(content), content, file });
  }
  return pages;
}
