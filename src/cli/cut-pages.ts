import type { Check } from "../core/check-result.js";
import { loadSavedIndex } from "../wiki/search-index/lifecycle.js";
import { createSearchIndex } from "../wiki/search-index/index.js";
import { WIKI_CODES } from "../wiki/wiki-error.js";

/** A page longer than WIKI_PAGE_MAX_BYTES, indexed only up to it. */
export interface CutPage {
  path: string;
  locale: string;
  title: string;
}

/** The pages of the saved index whose content was cut at WIKI_PAGE_MAX_BYTES; empty without an index. */
export async function cutPagesOf(indexFile: string): Promise<CutPage[]> {
  const index = createSearchIndex();
  if (!(await loadSavedIndex(index, indexFile))) return [];
  return index
    .pages()
    .filter((page) => page.contentCut)
    .map(({ path, locale, title }) => ({ path, locale, title }));
}

/** `doctor`'s line for them: a warning naming each page, or nothing when none was cut. */
export function cutPagesCheck(pages: readonly CutPage[]): Check[] {
  if (pages.length === 0) return [];
  return [
    {
      subject: "wiki",
      check: "pages indexed in part",
      status: "warn",
      detail: `${pages.length} page(s) longer than WIKI_PAGE_MAX_BYTES, indexed up to it (wiki-page-too-large): ${pages.map((p) => `${p.locale}/${p.path}`).join(", ")}`,
      fix: WIKI_CODES["wiki-page-too-large"].remedy,
    },
  ];
}

/** `report`'s section for them; "" when none was cut. */
export function formatCutPages(pages: readonly CutPage[]): string {
  if (pages.length === 0) return "";
  const lines = pages.map((p) => `  ${p.locale}/${p.path}  ${p.title}`);
  return `\nPages longer than WIKI_PAGE_MAX_BYTES, indexed only up to it (${pages.length}):\n${lines.join("\n")}\n  fix: ${WIKI_CODES["wiki-page-too-large"].remedy}\n`;
}
