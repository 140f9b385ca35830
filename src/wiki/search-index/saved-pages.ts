import { anchorsConsistent, type OutgoingAnchors } from "./anchors.js";
import type { IndexedPage } from "./index-types.js";
import type { PageEntry, PassageText } from "./page-entry.js";

/** A per-page section of a saved index: every page's array one after the other, and where each starts (n+1). */
export interface PageSlices {
  all: Uint32Array;
  starts: Uint32Array;
}

/** The per-page sections of a saved index (persist.ts), in one place for the pages read from it. */
export interface SavedPageSections {
  pageDoc: PageSlices;
  passageDocs: PageSlices;
  passageStarts: PageSlices;
  textEnds: PageSlices;
  anchorDocs: PageSlices;
}

/** Page `i`'s array of a per-page section: a view, never a copy. */
function pageSlice(slices: PageSlices, i: number): Uint32Array {
  return slices.all.subarray(slices.starts[i]!, slices.starts[i + 1]!);
}

/**
 * A page entry read from a saved index. Its arrays are views into the loaded file's sections, made
 * when first read and then kept: ranking reads those of the few pages a question matches, so a
 * process that answers one question (`wiki-gateway ask`) does not make five views per page (some
 * 60,000 objects and 5 MB of heap on 12,000 pages) before it can answer.
 */
export class SavedPageEntry implements PageEntry {
  private pageDocView: Uint32Array | undefined;
  private passageDocsView: Uint32Array | undefined;
  private passageStartsView: Uint32Array | undefined;
  private textEndsView: Uint32Array | undefined;
  private anchorsRead: OutgoingAnchors | undefined;

  constructor(
    readonly meta: IndexedPage,
    public text: PassageText,
    readonly selfRefs: number,
    readonly passages: number,
    private readonly anchorKeys: string[],
    /** The page's position in the saved file's sections. */
    private readonly position: number,
    private readonly sections: SavedPageSections,
  ) {}

  get pageDoc(): Uint32Array {
    return (this.pageDocView ??= pageSlice(this.sections.pageDoc, this.position));
  }

  get passageDocs(): Uint32Array {
    return (this.passageDocsView ??= pageSlice(this.sections.passageDocs, this.position));
  }

  get passageStarts(): Uint32Array {
    return (this.passageStartsView ??= pageSlice(this.sections.passageStarts, this.position));
  }

  get textEnds(): Uint32Array {
    return (this.textEndsView ??= pageSlice(this.sections.textEnds, this.position));
  }

  get anchors(): OutgoingAnchors {
    return (this.anchorsRead ??= {
      keys: this.anchorKeys,
      docs: pageSlice(this.sections.anchorDocs, this.position),
    });
  }
}

/**
 * Whether page `i` of the sections agrees with itself and with the head: `count` passages, its
 * text `textBytes` long, its anchors well formed over `terms` dictionary terms. Read from the
 * sections as they lie (the views it makes for the anchors are let go at once).
 */
export function savedPageConsistent(
  s: SavedPageSections,
  i: number,
  page: { count: number; textBytes: number; anchorKeys: string[]; terms: number },
): boolean {
  const { count } = page;
  const length = (slices: PageSlices) => slices.starts[i + 1]! - slices.starts[i]!;
  return (
    length(s.passageStarts) === count + 1 &&
    length(s.textEnds) === 2 * count + 1 &&
    s.passageStarts.all[s.passageStarts.starts[i]! + count] === length(s.passageDocs) &&
    s.textEnds.all[s.textEnds.starts[i]! + 2 * count] === page.textBytes &&
    anchorsConsistent({ keys: page.anchorKeys, docs: pageSlice(s.anchorDocs, i) }, page.terms)
  );
}
