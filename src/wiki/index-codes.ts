import type { ErrorCatalogue } from "../errors.js";

/** The saved search index's codes (docs/errors.md): none stops the gateway; the index is rebuilt. */
export const INDEX_CODES = {
  "index-file-corrupt": {
    meaning: "the saved search index cannot be read as one: it is rebuilt from the wiki",
    remedy: "none needed: the index is rebuilt from the wiki",
  },
  "index-file-old-version": {
    meaning:
      "the saved search index was written by another version of the format: it is rebuilt from the wiki",
    remedy: "none needed: the index is rebuilt from the wiki",
  },
  "index-file-unreadable": {
    meaning: "the open saved search index can no longer be read while passages are shown",
    remedy:
      "none needed: the index is rebuilt from the wiki; if it recurs, check the disk holding the state directory",
  },
  "index-file-not-reopened": {
    meaning: "the search index was saved but not read back: passage text is kept where it was",
    remedy:
      "none needed: answers are served from the text held before (memory or the previous file); if it recurs, check the disk holding the state directory",
  },
} as const satisfies ErrorCatalogue;

export type IndexCode = keyof typeof INDEX_CODES;
