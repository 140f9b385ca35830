import { readHandbookPages } from "../../packages/sandbox/src/handbook.js";
import { createMemoryWiki, type MemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { readTldrPages, tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";

/** The demo's wiki the team questions are asked of: the handbook and the tldr pages together. */
export async function teamWiki(): Promise<MemoryWiki> {
  const handbook = await readHandbookPages({ edgeCases: false });
  const tldr = await readTldrPages(tldrRoot());
  return createMemoryWiki([...handbook.map(({ file: _file, ...page }) => page), ...tldr]);
}
