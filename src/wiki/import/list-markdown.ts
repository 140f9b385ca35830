import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/**
 * Every `.md` file under `dir`, recursively, sorted, as paths relative to `dir` with `/`
 * separators. Hidden folders (`.git`, `.obsidian`) are skipped; hidden files are not (the tldr page
 * for `.` is the file `..md`). Symbolic links are not followed.
 */
export async function listMarkdownFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".")) await walk(full);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith(".md")) {
        out.push(relative(dir, full).split(sep).join("/"));
      }
    }
  }
  await walk(dir);
  return out.sort();
}
