import { PAGE_FIELD, PAGE_FIELDS, PASSAGE_FIELD } from "./page-entry.js";
import type { Postings } from "./postings.js";

/**
 * How much a question word that is in a page's title is evidence for that page.
 *
 * A page named after an everyday word (`make`, `read`, `last`, `mount`) would otherwise get the
 * strong title credit whenever a question uses the word in its everyday sense ("make a script
 * executable"). The wiki itself tells the two kinds of title word apart: a command's name is
 * written in other pages' code (`ls -l | grep foo`), an everyday word in their prose and
 * descriptions ("Make a directory"). So each title word gets its code share over the OTHER pages
 * (those it does not title):
 *   ((passages holding it in code + 1) / (passages holding it in code + passages holding it in
 *   prose + page descriptions holding it + 1)) ^ exponent
 * A word no other page uses keeps 1. The page search scales the title and path credit of the word
 * by it (engine.ts). Examples on the tldr corpus, exponent 1: make 0.14, last 0.11, read 0.14,
 * mount 0.37, tar 0.70, cat 0.83.
 *
 * Measured on the tuning sets of bench/answer-quality (with the anchor text of anchors.ts): exponent
 * 0.25 put one more tuned and one more dev question first, for one fewer tuned question in the top
 * three (`date`, which other pages' prose also says); exponent 0.5 the same without the dev gain;
 * exponent 1, or also scaling the whole-title bonus (rank.ts), lost more than it won.
 * `enabled: false` turns the signal off (every title word counts fully).
 */
export const TITLE_WORDS = { enabled: true, exponent: 0.25 };

/**
 * The weight (0–1] of term `t` as evidence for the pages it titles (above); 1 for a term in no
 * title. O(postings of the term). `titled` is scratch of one byte per page, all 0, and left so.
 */
export function titleWordWeight(
  pages: Postings,
  passages: Postings,
  passagePage: Uint32Array,
  t: number,
  titled: Uint8Array,
): number {
  const PF = PAGE_FIELDS.length;
  const QF = passages.fields;
  if (!TITLE_WORDS.enabled || t >= pages.terms || pages.fieldDf[t * PF + PAGE_FIELD.title] === 0) return 1;
  const from = pages.termStart[t]!;
  const to = pages.termStart[t + 1]!;
  let prose = 0;
  let code = 0;
  for (let i = from; i < to; i++) {
    if (pages.postTf[i * PF + PAGE_FIELD.title]! > 0) titled[pages.postDoc[i]!] = 1;
    else if (pages.postTf[i * PF + PAGE_FIELD.description]! > 0) prose++;
  }
  if (t < passages.terms)
    for (let i = passages.termStart[t]!; i < passages.termStart[t + 1]!; i++) {
      if (titled[passagePage[passages.postDoc[i]!]!] === 1) continue;
      if (passages.postTf[i * QF + PASSAGE_FIELD.text]! > 0) prose++;
      if (passages.postTf[i * QF + PASSAGE_FIELD.code]! > 0) code++;
    }
  for (let i = from; i < to; i++) titled[pages.postDoc[i]!] = 0;
  return ((code + 1) / (code + prose + 1)) ** TITLE_WORDS.exponent;
}
