import { closeSync, open } from "node:fs";
import { promisify } from "node:util";
import { errorMessage } from "../../errors.js";
import { type Engine, INDEX_FORMAT_VERSION } from "./engine.js";
import { descriptorSource, readIndexFile } from "./index-file.js";
import type { PageEntry } from "./page-entry.js";
import { createPassageFile } from "./passage-file.js";

/** The index file's section holding every page's text, and the one with each page's start in it. */
export const TEXT_SECTION = "text";
export const TEXT_STARTS = `${TEXT_SECTION}Start`;

/** What became of the pages' text after a save: how many pages now read it from the saved file. */
export type TextMove = { ok: true; moved: number } | { ok: false; detail: string };

const openFile = promisify(open);

/**
 * After `file` was written from `engine` (`order`: the pages as encoded, in file order; `checksum`:
 * the CRC-32 written into it), moves the pages' text to it, so that one copy of the index is on
 * disk and a built index lets go of its text in memory:
 *
 * 1. opens `file` and checks it as a load does: whole, against its own checksum;
 * 2. checks that it is the very file written (its checksum is the one encoded: not replaced since
 *    by another save) and that each page's text there is as long as the page's text encoded;
 * 3. then, synchronously, hands the file to `Engine.adoptSavedFile`: pages not put or removed since
 *    the encode read their text from it, pages changed meanwhile keep theirs in memory, and the
 *    file read before (or this one, when no page is left to read it) is closed.
 *
 * Never throws. On any failure the new descriptor is closed, every page keeps its text where it
 * was (memory or the file read before), and the reason is returned: answers are never lost.
 */
export async function moveTextToSaved(
  engine: Engine,
  file: string,
  checksum: number,
  order: readonly PageEntry[],
): Promise<TextMove> {
  let fd: number;
  try {
    fd = await openFile(file, "r");
  } catch (error) {
    return { ok: false, detail: `not opened: ${errorMessage(error)}` };
  }
  let at: number[] | string;
  try {
    at = await textOffsets(fd, checksum, order);
  } catch (error) {
    at = errorMessage(error);
  }
  if (typeof at === "string") {
    try {
      closeSync(fd);
    } catch {
      // Not read from again either way.
    }
    return { ok: false, detail: at };
  }
  const offsets = at;
  const moved = engine.adoptSavedFile(
    createPassageFile(fd, file),
    order.map((entry, i) => [entry, offsets[i]!] as const),
  );
  return { ok: true, moved };
}

/** Where each page's text is in the open file, or why the file is not the one written. */
async function textOffsets(
  fd: number,
  checksum: number,
  order: readonly PageEntry[],
): Promise<number[] | string> {
  // Only the small table of text starts is kept; every other section is checked and left on disk.
  const read = await readIndexFile(
    await descriptorSource(fd),
    INDEX_FORMAT_VERSION,
    (s) => s !== TEXT_STARTS,
  );
  if (!read.ok) return `${read.reason}: ${read.detail}`;
  if (read.contents.checksum !== checksum) return "not the file written (replaced since by another save?)";
  const text = read.contents.stored(TEXT_SECTION);
  const starts = read.contents.section(TEXT_STARTS, "u32");
  if (starts.length !== order.length + 1 || starts[order.length] !== text.bytes)
    return "its text section does not match the pages written";
  const at: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const ends = order[i]!.textEnds;
    if (starts[i + 1]! - starts[i]! !== ends[ends.length - 1])
      return `the text of page ${order[i]!.meta.path} does not match its length`;
    at.push(text.offset + starts[i]!);
  }
  return at;
}
