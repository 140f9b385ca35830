import { processTerm } from "./analyzer.js";

/**
 * Words people use interchangeably in how-to questions about computers. A question term also
 * matches its group's other words, at a lower weight (settings.ts `queryWeights.synonym`), so "show the folder size"
 * finds a page that says "display the directory size". Groups are general vocabulary, not fitted
 * to particular pages or questions; each word belongs to at most one group. Narrow pairs tied to
 * one page's wording ("size usage" for du's "disk usage", "reachable alive", "clipboard
 * pasteboard", "log journal", "sleep suspend", "error failure") were removed: on the tuning sets
 * of bench/answer-quality they were worth one question.
 */
const GROUPS = [
  "show display print view",
  "folder directory dir",
  "remove delete erase",
  "find search locate",
  "create make generate",
  "start launch execute",
  "stop terminate halt",
  "download fetch retrieve",
  "change modify alter",
  "edit update",
  "compress pack archive",
  "extract unpack decompress",
  "disk drive volume",
  "picture image photo",
  "video movie",
  "restart reboot",
  "user account",
  "password passphrase",
  "program application app",
  "mac macos osx",
];

const byTerm = new Map<string, string[]>();
for (const group of GROUPS) {
  const terms = [
    ...new Set(
      group
        .split(" ")
        .map((w) => processTerm(w))
        .filter((t): t is string => t !== null),
    ),
  ];
  for (const term of terms)
    byTerm.set(
      term,
      terms.filter((t) => t !== term),
    );
}

/** The other index terms meaning the same as `term` (an index term, i.e. already stemmed). */
export function synonymsOf(term: string): readonly string[] {
  return byTerm.get(term) ?? [];
}
