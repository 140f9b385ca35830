import { readHandbookPages } from "../handbook.js";
import type { SeedPage } from "../memory-wiki.js";
import { findTldrCorpus, findTldrTranslations, readTldrPages, readTldrTranslations } from "../tldr-corpus.js";
import { projectDocsAsPages } from "./demo-docs.js";

/** What the demo wiki holds, pages per part. */
export interface DemoHoldings {
  handbook: number;
  docs: number;
  /** English tldr pages. */
  tldr: number;
  /** tldr pages in the other locales. */
  translations: number;
}

/**
 * Counts the demo wiki's parts from the pages it holds, so that a wiki kept from an earlier run
 * is described (and suggested from) as it is, not as this machine's corpora would seed it.
 */
export function demoHoldings(
  count: (which: (page: { path: string; locale: string }) => boolean) => number,
): DemoHoldings {
  const tldr = (p: { path: string }) => p.path.startsWith("tldr/");
  return {
    handbook: count((p) => p.path.startsWith("handbook/")),
    docs: count((p) => p.path.startsWith("gateway/")),
    tldr: count((p) => tldr(p) && p.locale === "en"),
    translations: count((p) => tldr(p) && p.locale !== "en"),
  };
}

/**
 * What the demo wiki holds: the team handbook (`handbook/...`, edge cases left out), the project's
 * own docs (`gateway/...`), and the whole tldr corpus (`tldr/<platform>/<command>`) when
 * findTldrCorpus finds it (TLDR_DIR, or ../shared/corpus/tldr), with its Russian, German, Spanish
 * and Chinese translations under their locales when findTldrTranslations finds them. Without tldr
 * the demo still works, and its banner says what is missing (demoHoldings counts what was seeded).
 */
export async function demoWikiContent(root: string): Promise<SeedPage[]> {
  const handbook = await readHandbookPages({ edgeCases: false });
  const docs = await projectDocsAsPages(root);
  const tldr = findTldrCorpus(process.env, root);
  const tldrPages = tldr ? await readTldrPages(tldr.dir) : [];
  const translations = findTldrTranslations(process.env, root);
  const translated = tldr && translations ? await readTldrTranslations(translations) : [];
  return [...handbook.map(({ file: _file, ...page }) => page), ...docs, ...tldrPages, ...translated];
}
