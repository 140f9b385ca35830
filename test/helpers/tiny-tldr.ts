import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A tldr-pages checkout of one page (`pages/common/tar.md`) under `dir`, for TLDR_DIR: the demo
 * then takes the "tldr present" path without indexing the 7,000 pages of the real corpus.
 */
export function writeTinyTldr(dir: string): string {
  mkdirSync(join(dir, "pages", "common"), { recursive: true });
  writeFileSync(
    join(dir, "pages", "common", "tar.md"),
    "# tar\n\n> Archiving utility.\n\n- E[x]tract a (compressed) archive file into the current directory:\n\n`tar xf {{path/to/source.tar[.gz|.bz2|.xz]}}`\n",
  );
  return dir;
}
