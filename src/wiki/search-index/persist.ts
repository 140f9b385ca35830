import { close, open } from "node:fs";
import { DEFAULT_SETTINGS, type RankingSettings } from "./settings.js";
import { promisify } from "node:util";
import { writeFileAtomic } from "../../state/atomic-file.js";
import { Engine, INDEX_FORMAT_VERSION } from "./engine.js";
import {
  checksumOf,
  descriptorSource,
  type IndexFileContents,
  readIndexFile,
  writeIndexFile,
} from "./index-file.js";
import { PAGE_FIELDS, type PageEntry, PASSAGE_FIELDS, pageText, passageCount } from "./page-entry.js";
import { createPassageFile } from "./passage-file.js";
import { moveTextToSaved, TEXT_SECTION, TEXT_STARTS, type TextMove } from "./saved-text.js";
import type { Postings } from "./postings.js";
import { ReferenceCounter } from "./references.js";
import {
  type PageSlices,
  SavedPageEntry,
  savedPageConsistent,
  type SavedPageSections,
} from "./saved-pages.js";
import type { IndexedPage } from "./index-types.js";
import { TermDictionary } from "./term-dictionary.js";

/**
 * id, path, locale, title, description, updatedAt, selfRefs, passages, keys of the anchors it
 * gives, publication start and end ("" = none)
 */
/** A page in the head; the twelfth element, 1, only for a page whose content was cut (older files lack it). */
type SavedPage = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  string[],
  string,
  string,
  1?,
];

interface Head {
  builtAt?: string;
  savedAt: string;
  pages: SavedPage[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Writes the engine atomically (a crash leaves the previous file), postings included, then has the
 * pages that did not change meanwhile read their text from the file written (saved-text.ts), so
 * that the text is held neither in memory nor in a second, replaced file. Rejects only when the
 * write fails; what became of the text is the result (the pages keep it where it was on failure).
 */
export async function saveEngine(
  file: string,
  engine: Engine,
  builtAt: string | undefined,
): Promise<TextMove> {
  const { checksum, order } = await writeEngine(file, engine, builtAt);
  return moveTextToSaved(engine, file, checksum, order);
}

/** Encodes and writes; the bytes are let go once written (only their checksum is kept). */
async function writeEngine(
  file: string,
  engine: Engine,
  builtAt: string | undefined,
): Promise<{ checksum: number; order: readonly PageEntry[] }> {
  const { bytes, order } = encodeEngine(engine, builtAt);
  await writeFileAtomic(file, bytes);
  return { checksum: checksumOf(bytes), order };
}

/** The file's bytes, and the pages in the order they are in it (as they were when encoded). */
export function encodeEngine(
  engine: Engine,
  builtAt: string | undefined,
): { bytes: Buffer; order: readonly PageEntry[] } {
  const frozen = engine.freeze();
  const order = frozen.order;
  const head: Head = {
    ...(builtAt ? { builtAt } : {}),
    savedAt: new Date().toISOString(),
    pages: order.map((e): SavedPage => {
      const saved: SavedPage = [
        e.meta.id,
        e.meta.path,
        e.meta.locale,
        e.meta.title,
        e.meta.description,
        e.meta.updatedAt,
        e.selfRefs,
        passageCount(e),
        e.anchors.keys,
        e.meta.publishStartDate ?? "",
        e.meta.publishEndDate ?? "",
      ];
      if (e.meta.contentCut) saved.push(1);
      return saved;
    }),
  };
  const references = [...engine.references.entries()];
  const bytes = writeIndexFile(INDEX_FORMAT_VERSION, head, {
    terms: encoder.encode(engine.dict.all().join("\n")),
    termOrder: engine.dict.sortedIds(),
    referenceKeys: encoder.encode(references.map(([k]) => k).join("\n")),
    referenceCounts: Uint32Array.from(references, ([, n]) => n),
    ...concat(
      "pageDoc",
      order.map((e) => e.pageDoc),
    ),
    ...concat(
      "passageDocs",
      order.map((e) => e.passageDocs),
    ),
    ...concat(
      "passageStarts",
      order.map((e) => e.passageStarts),
    ),
    ...concat(TEXT_SECTION, order.map(pageText)),
    ...concat(
      "textEnds",
      order.map((e) => e.textEnds),
    ),
    ...concat(
      "anchorDocs",
      order.map((e) => e.anchors.docs),
    ),
    ...postingsSections("pagePostings", frozen.pagePostings),
    ...postingsSections("passagePostings", frozen.passagePostings),
    ...postingsSections("anchorPostings", frozen.anchorPostings),
  });
  return { bytes, order };
}

export type LoadOutcome =
  | { ok: true; engine: Engine; builtAt?: string }
  | { ok: false; reason: "missing" | "corrupt" | "old-version"; detail: string };

/** Sections read when a passage is shown, not at load: the pages' text. */
const ON_DISK = [TEXT_SECTION];

/**
 * Reads a saved engine (all of it once, to check it) and keeps all but the pages' text in memory:
 * the file stays open and the engine reads a passage's text from it when it is shown (see
 * PassageFile; a later save moves the text to the file it writes, `Engine.close` closes it).
 * Never throws: an unusable file is a reason to rebuild, not to stop. The engine ranks with
 * `settings`.
 */
export async function loadEngine(
  file: string,
  settings: RankingSettings = DEFAULT_SETTINGS,
): Promise<LoadOutcome> {
  let fd: number;
  try {
    fd = await openFile(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ENOENT" ? "missing" : "corrupt", detail: String(code ?? error) };
  }
  let outcome: LoadOutcome;
  try {
    outcome = await decodeEngine(fd, file, settings);
  } catch (error) {
    const detail = String((error as NodeJS.ErrnoException).code ?? error);
    outcome = { ok: false, reason: "corrupt", detail };
  }
  if (!outcome.ok) close(fd, () => {});
  return outcome;
}

const openFile = promisify(open);

async function decodeEngine(fd: number, file: string, settings: RankingSettings): Promise<LoadOutcome> {
  const read = await readIndexFile<Head>(await descriptorSource(fd), INDEX_FORMAT_VERSION, ON_DISK);
  if (!read.ok) return read;
  try {
    const { head } = read.contents;
    const at = (name: string) => read.contents.section(name, "u32");
    const terms = decoder.decode(read.contents.section("terms", "u8"));
    const dict = new TermDictionary(terms === "" ? [] : terms.split("\n"), at("termOrder"));
    const keys = decoder.decode(read.contents.section("referenceKeys", "u8"));
    const counts = at("referenceCounts");
    const keyList = keys === "" ? [] : keys.split("\n");
    if (keyList.length !== counts.length) throw new RangeError("reference table inconsistent");
    const references = new ReferenceCounter(zip(keyList, counts));
    const pageCount = head.pages.length;
    const sections: SavedPageSections = {
      pageDoc: slices(read.contents, "pageDoc", pageCount),
      passageDocs: slices(read.contents, "passageDocs", pageCount),
      passageStarts: slices(read.contents, "passageStarts", pageCount),
      textEnds: slices(read.contents, "textEnds", pageCount),
      anchorDocs: slices(read.contents, "anchorDocs", pageCount),
    };
    const text = read.contents.stored(TEXT_SECTION);
    const textStart = at(TEXT_STARTS);
    if (textStart.length !== pageCount + 1 || textStart[pageCount] !== text.bytes)
      throw new RangeError("section text inconsistent");
    const passageFile = createPassageFile(fd, file);
    let passages = 0;
    const pages: PageEntry[] = head.pages.map(
      (
        [id, path, locale, title, description, updatedAt, selfRefs, count, anchorKeys, start, end, cut],
        i,
      ) => {
        if (
          typeof id !== "number" ||
          !Array.isArray(anchorKeys) ||
          typeof start !== "string" ||
          typeof end !== "string" ||
          !savedPageConsistent(sections, i, {
            count,
            textBytes: textStart[i + 1]! - textStart[i]!,
            anchorKeys,
            terms: dict.size,
          })
        )
          throw new RangeError(`page entry ${i} inconsistent`);
        passages += count;
        // The window's fields only when set, added (not spread in) to make no object per page for it.
        const meta: IndexedPage = { id, path, locale, title, description, updatedAt };
        if (start) meta.publishStartDate = start;
        if (end) meta.publishEndDate = end;
        if (cut === 1) meta.contentCut = true;
        const where = { file: passageFile, at: text.offset + textStart[i]! };
        return new SavedPageEntry(meta, where, selfRefs, count, anchorKeys, i, sections);
      },
    );
    const page = readPostings(read.contents, "pagePostings", PAGE_FIELDS.length, dict.size);
    const passage = readPostings(read.contents, "passagePostings", PASSAGE_FIELDS.length, dict.size);
    const anchor = readPostings(read.contents, "anchorPostings", 1, dict.size);
    if (page.docs !== pages.length || passage.docs !== passages || anchor.docs !== pages.length)
      return { ok: false, reason: "corrupt", detail: "pages and index disagree" };
    const engine = new Engine(settings, {
      dict,
      references,
      pages,
      postings: { page, passage, anchor },
      passageFile,
    });
    return { ok: true, engine, ...(head.builtAt ? { builtAt: head.builtAt } : {}) };
  } catch (error) {
    return { ok: false, reason: "corrupt", detail: (error as Error).message };
  }
}

type Typed = Uint8Array | Uint32Array;

/** The keys with their counts, one pair at a time (no array of pairs is made). */
function* zip(keys: readonly string[], counts: Uint32Array): Generator<[string, number]> {
  for (let i = 0; i < keys.length; i++) yield [keys[i]!, counts[i]!];
}

/** Per-page arrays as one section and their start offsets (n+1). */
function concat(name: string, parts: Typed[]): Record<string, Typed> {
  const starts = new Uint32Array(parts.length + 1);
  parts.forEach((p, i) => (starts[i + 1] = starts[i]! + p.length));
  const all =
    parts[0] instanceof Uint8Array
      ? new Uint8Array(starts[parts.length]!)
      : new Uint32Array(starts[parts.length]!);
  parts.forEach((p, i) => all.set(p, starts[i]!));
  return { [name]: all, [`${name}Start`]: starts };
}

/** A per-page section and its start offsets, checked against each other and the page count. */
function slices(contents: IndexFileContents<Head>, name: string, count: number): PageSlices {
  const all = contents.section(name, "u32");
  const starts = contents.section(`${name}Start`, "u32");
  if (starts.length !== count + 1 || starts[count] !== all.length)
    throw new RangeError(`section ${name} inconsistent`);
  return { all, starts };
}

function postingsSections(
  name: string,
  p: Postings,
): Record<string, Uint16Array | Uint32Array | Float64Array> {
  return {
    [`${name}.termStart`]: p.termStart,
    [`${name}.postDoc`]: p.postDoc,
    [`${name}.postTf`]: p.postTf,
    [`${name}.fieldDf`]: p.fieldDf,
    [`${name}.lengths`]: p.lengths,
    [`${name}.avgLength`]: p.avgLength,
  };
}

function readPostings(
  contents: IndexFileContents<Head>,
  name: string,
  F: number,
  dictSize: number,
): Postings {
  const termStart = contents.section(`${name}.termStart`, "u32");
  const postDoc = contents.section(`${name}.postDoc`, "u32");
  const postTf = contents.section(`${name}.postTf`, "u16");
  const fieldDf = contents.section(`${name}.fieldDf`, "u32");
  const lengths = contents.section(`${name}.lengths`, "u32");
  const avgLength = contents.section(`${name}.avgLength`, "f64");
  const T = termStart.length - 1;
  const docs = lengths.length / F;
  if (
    T < 0 ||
    T > dictSize ||
    termStart[T] !== postDoc.length ||
    postTf.length !== postDoc.length * F ||
    fieldDf.length !== T * F ||
    !Number.isInteger(docs) ||
    avgLength.length !== F
  )
    throw new RangeError(`${name} inconsistent`);
  return { fields: F, docs, terms: T, termStart, postDoc, postTf, fieldDf, lengths, avgLength };
}
