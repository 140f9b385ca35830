import { type PageEntry, passageCount } from "./page-entry.js";
import type { Postings } from "./postings.js";
import { isSectionWord } from "./section-words.js";
import type { SectionWordSettings } from "./settings.js";
import { titleWordWeight } from "./title-words.js";

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
  /** Per term id, the title and path weights and whether it is a section word (TermWeights). */
  terms: TermWeights;
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
  const terms = new TermWeights(pagePostings, passagePostings, passagePage, sectionSettings);
  return {
    order,
    pagePostings,
    passagePostings,
    anchorPostings,
    passagePage,
    passageIndex,
    references,
    terms,
  };
}

/**
 * Per term id of one freeze: the weight of the title field (title-words.ts), of the path field (the
 * same, 0 for a section word), and whether it is a section word (section-words.ts). Each term's are
 * worked out when a search first needs them (`prepare`) and kept until the pages change: a process
 * that answers one question (`wiki-gateway ask`) works out a few terms' instead of every term's
 * before it can answer. `title` and `path` hold 1 for a term not prepared yet, so they are read
 * only for prepared terms.
 */
export class TermWeights {
  readonly title: Float32Array;
  readonly path: Float32Array;
  /** 0: not prepared; 1: prepared, no section word; 2: a section word. */
  private readonly state: Uint8Array;
  private titled: Uint8Array | undefined;

  constructor(
    private readonly pages: Postings,
    private readonly passages: Postings,
    private readonly passagePage: Uint32Array,
    private readonly sectionSettings: SectionWordSettings,
  ) {
    this.title = new Float32Array(pages.terms).fill(1);
    this.path = new Float32Array(pages.terms).fill(1);
    this.state = new Uint8Array(pages.terms);
  }

  /** Works out term `t`'s weights unless known (nothing for a term the page postings do not know). */
  prepare(t: number): void {
    if (t >= this.pages.terms || this.state[t] !== 0) return;
    this.titled ??= new Uint8Array(this.pages.docs);
    const weight = titleWordWeight(this.pages, this.passages, this.passagePage, t, this.titled);
    const section = isSectionWord(this.pages, this.sectionSettings, t);
    this.title[t] = weight;
    this.path[t] = section ? 0 : weight;
    this.state[t] = section ? 2 : 1;
  }

  isSection(t: number): boolean {
    this.prepare(t);
    return this.state[t] === 2;
  }
}
