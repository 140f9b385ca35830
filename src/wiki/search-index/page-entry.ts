import { type OutgoingAnchors, outgoingAnchors } from "./anchors.js";
import { encodeDoc } from "./doc-tokens.js";
import { languageOf } from "./analyzer.js";
import type { PassageFile } from "./passage-file.js";
import { type Passage, indexText } from "./passages.js";
import { referenceKeys, selfReferences } from "./references.js";
import type { TermDictionary } from "./term-dictionary.js";
import type { IndexedPage } from "./index-types.js";

/** The fields of a page's summary document and of a passage document, in encoded order. */
export const PAGE_FIELDS = ["title", "path", "description", "headings"] as const;
export const PASSAGE_FIELDS = ["heading", "text", "code"] as const;
export const PAGE_FIELD = { title: 0, path: 1, description: 2, headings: 3 } as const;
export const PASSAGE_FIELD = { heading: 0, text: 1, code: 2 } as const;

/**
 * Everything the index keeps of one page, as data: its metadata, its summary document, its
 * passages' documents (doc-tokens.ts layout, one after the other), and its passages' headings and
 * Markdown as UTF-8 bytes one after the other, decoded only when a passage is shown.
 *
 * Contract: `passageStarts` has P+1 entries (offsets into `passageDocs`); `textEnds` has 2P+1
 * (heading i is bytes [textEnds[2i], textEnds[2i+1]) of the page's text, its Markdown
 * [textEnds[2i+1], textEnds[2i+2])); after a load the arrays are views into the file's one buffer,
 * made when first read (saved-pages.ts), and the text stays in the file (see PassageText).
 */
export interface PageEntry {
  meta: IndexedPage;
  pageDoc: Uint32Array;
  passageDocs: Uint32Array;
  passageStarts: Uint32Array;
  text: PassageText;
  textEnds: Uint32Array;
  /** How many of the page's own reference keys its own Markdown mentions. */
  selfRefs: number;
  /** The anchor text this page gives other pages (anchors.ts). */
  anchors: OutgoingAnchors;
  /** The passage count, when known without reading `passageStarts` (a page read from a saved index). */
  readonly passages?: number;
}

/**
 * Where a page's text is: in memory (a page built or changed since the last load or save), or at
 * byte `at` of the index file last loaded or saved, read when a passage is shown (PassageFileError
 * when it cannot be). Only a save moves it, from memory or an older file to the file just saved,
 * and only while the bytes there are the page's own (Engine.adoptSavedFile).
 */
export type PassageText = Uint8Array | { file: PassageFile; at: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A page and its passages as an entry, and the reference keys its Markdown mentions; read in the page's locale. */
export function encodePage(
  meta: IndexedPage,
  passages: readonly Passage[],
  dict: TermDictionary,
): { entry: PageEntry; mentioned: Set<string> } {
  const language = languageOf(meta.locale);
  const pageDoc = encodeDoc(
    [
      meta.title,
      meta.path.replace(/[/_.-]+/g, " "),
      meta.description,
      [...new Set(passages.map((p) => p.heading).filter(Boolean))].join("\n"),
    ],
    dict,
    language,
  );
  const docs = passages.map((p) =>
    encodeDoc([p.heading, p.text, p.code], dict, language, 1 << PASSAGE_FIELD.code),
  );
  const passageStarts = new Uint32Array(docs.length + 1);
  docs.forEach((d, i) => (passageStarts[i + 1] = passageStarts[i]! + d.length));
  const passageDocs = new Uint32Array(passageStarts[docs.length]!);
  docs.forEach((d, i) => passageDocs.set(d, passageStarts[i]!));
  const pieces = passages.flatMap((p) => [encoder.encode(p.heading), encoder.encode(p.markdown)]);
  const textEnds = new Uint32Array(pieces.length + 1);
  pieces.forEach((p, i) => (textEnds[i + 1] = textEnds[i]! + p.length));
  const text = new Uint8Array(textEnds[pieces.length]!);
  pieces.forEach((p, i) => text.set(p, textEnds[i]!));
  const mentioned = referenceKeys(passages.map((p) => p.markdown).join("\n\n"), meta.title);
  return {
    entry: {
      meta,
      pageDoc,
      passageDocs,
      passageStarts,
      text,
      textEnds,
      selfRefs: selfReferences(meta, mentioned),
      anchors: outgoingAnchors(meta, passages, dict),
    },
    mentioned,
  };
}

export function passageCount(entry: PageEntry): number {
  return entry.passages ?? entry.passageStarts.length - 1;
}

/** Passage `index` of the page, decoded (its prose and code recomputed from the Markdown). */
export function decodePassage(entry: PageEntry, index: number): Passage | undefined {
  if (index < 0 || index >= passageCount(entry)) return undefined;
  const e = entry.textEnds;
  const start = e[2 * index]!;
  const bytes = textBytes(entry, start, e[2 * index + 2]!);
  const heading = decoder.decode(bytes.subarray(0, e[2 * index + 1]! - start));
  const markdown = decoder.decode(bytes.subarray(e[2 * index + 1]! - start));
  return { index, heading, markdown, ...indexText(markdown) };
}

/** The page's whole Markdown as the passages hold it (what its references are read from). */
export function pageMarkdown(entry: PageEntry): string {
  const parts: string[] = [];
  const e = entry.textEnds;
  const bytes = pageText(entry);
  for (let i = 0; i < passageCount(entry); i++)
    parts.push(decoder.decode(bytes.subarray(e[2 * i + 1]!, e[2 * i + 2]!)));
  return parts.join("\n\n");
}

/** All of the page's text bytes (read in one piece when they are in the file). */
export function pageText(entry: PageEntry): Uint8Array {
  return textBytes(entry, 0, entry.textEnds[entry.textEnds.length - 1]!);
}

/** Bytes [start, end) of the page's text: a view of the bytes in memory, or one read of the file. */
function textBytes(entry: PageEntry, start: number, end: number): Uint8Array {
  const text = entry.text;
  return text instanceof Uint8Array
    ? text.subarray(start, end)
    : text.file.read(text.at + start, end - start);
}
