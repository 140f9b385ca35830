import { type PageEntry, passageCount } from "./page-entry.js";
import type { Postings } from "./postings.js";
import { sectionWords } from "./section-words.js";
import type { SectionWordSettings } from "./settings.js";
import { titleWordWeights } from "./title-words.js";

/** The searchable form of the pages: postings in typed arrays, frozen until the pages change. */
export interface Frozen {
  order: PageEntry[];
  pagePostings: Postings;
  passagePostings: Postings;
  /** One anchor document per page position (anchors.ts). */
  anchorPostings: Postings;
  /** Passage document → page (position in `order`) and passage index. */
  passagePage: Uint32Array;
  passageIndex: Uint32Array;
  /** `referencesTo` per page position, -1 until asked. */
  references: Int32Array;
  /**
   * Per term id, computed once per freeze: the weight of the title field (title-words.ts), of the
   * path field (the same, 0 for a section word), and 1 for a section word (section-words.ts).
   */
  titleWeights: Float32Array;
  pathWeights: Float32Array;
  sections: Uint8Array;
}

/** The frozen form of `order` and its postings, with the per-freeze tables derived from them. */
export function frame(
  order: PageEntry[],
  pagePostings: Postings,
  passagePostings: Postings,
  anchorPostings: Postings,
  sectionSettings: SectionWordSettings,
): Frozen {
  const passagePage = new Uint32Array(passagePostings.docs);
  const passageIndex = new Uint32Array(passagePostings.docs);
  let doc = 0;
  order.forEach((e, ordinal) => {
    for (let i = 0; i < passageCount(e); i++, doc++) {
      passagePage[doc] = ordinal;
      passageIndex[doc] = i;
    }
  });
  const references = new Int32Array(order.length).fill(-1);
  const titleWeights = titleWordWeights(pagePostings, passagePostings, passagePage);
  const sections = sectionWords(pagePostings, sectionSettings);
  const pathWeights = titleWeights.map((w, t) => (sections[t] === 1 ? 0 : w));
  return {
    order,
    pagePostings,
    passagePostings,
    anchorPostings,
    passagePage,
    passageIndex,
    references,
    titleWeights,
    pathWeights,
    sections,
  };
}
