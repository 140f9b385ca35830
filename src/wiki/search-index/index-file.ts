import { fstat, read } from "node:fs";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";

/**
 * The saved index's container: one file read in one call, checked before anything in it is trusted.
 *
 *   bytes 0–7    magic "WGIDXBIN"
 *   bytes 8–11   format version (u32, little-endian)
 *   bytes 12–15  CRC-32 of everything after the 24-byte header
 *   bytes 16–23  length of everything after the header (f64)
 *   then         u32 length of a JSON head, the JSON head, padding to 8 bytes, then the sections
 *
 * The head names each section (typed array) with its type, byte offset and element count; the
 * sections are read as views into one buffer, never copied, and a section may be left on disk
 * (read later where it lies). Contract: `readIndexFile` returns a reason, never throws, for a file
 * that is foreign, of another version, truncated or altered.
 */
const MAGIC = Buffer.from("WGIDXBIN", "latin1");
const HEADER = 24;

type ArrayKind = "u8" | "u16" | "u32" | "f64";
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;
const KINDS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;

interface SectionInfo {
  kind: ArrayKind;
  offset: number;
  length: number;
}

export type ReadFailure = { ok: false; reason: "corrupt" | "old-version"; detail: string };

/** An open file: its size, and a read of up to `into.length` bytes at `position` (the bytes read). */
export interface IndexFileSource {
  size: number;
  read(into: Buffer, position: number): Promise<number>;
}

const statFile = promisify(fstat);
const readFile = promisify(read);

/** The file open as `fd` as a source (its size now). */
export async function descriptorSource(fd: number): Promise<IndexFileSource> {
  const { size } = await statFile(fd);
  return {
    size,
    read: async (into, position) => (await readFile(fd, into, 0, into.length, position)).bytesRead,
  };
}

/** Where a section left on disk lies in the file. */
export interface StoredSection {
  offset: number;
  bytes: number;
}

export interface IndexFileContents<Head> {
  head: Head;
  /** The CRC-32 of the file after its header, as checked (bytes 12–15 of the file it was read from). */
  checksum: number;
  stored(name: string): StoredSection;
  section(name: string, kind: "u8"): Uint8Array;
  section(name: string, kind: "u16"): Uint16Array;
  section(name: string, kind: "u32"): Uint32Array;
  section(name: string, kind: "f64"): Float64Array;
}

/** The file's bytes: the head (JSON) and the named sections. */
export function writeIndexFile(version: number, head: object, sections: Record<string, TypedArray>): Buffer {
  const infos: Record<string, SectionInfo> = {};
  const placed: Array<[number, TypedArray]> = [];
  // The head's size depends on the offsets in it: place the sections after a generous estimate.
  const provisional = JSON.stringify({
    head,
    sections: Object.fromEntries(
      Object.keys(sections).map((k) => [k, { kind: "u32", offset: 1e12, length: 1e12 }]),
    ),
  });
  let at = align(HEADER + 4 + Buffer.byteLength(provisional));
  for (const [name, array] of Object.entries(sections)) {
    infos[name] = { kind: kindOf(array), offset: at, length: array.length };
    placed.push([at, array]);
    at = align(at + array.byteLength);
  }
  const json = Buffer.from(JSON.stringify({ head, sections: infos }));
  const out = Buffer.alloc(at);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(version, 8);
  out.writeDoubleLE(at - HEADER, 16);
  out.writeUInt32LE(json.length, HEADER);
  json.copy(out, HEADER + 4);
  for (const [offset, array] of placed)
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
  out.writeUInt32LE(crc32(out.subarray(HEADER)), 12);
  return out;
}

/** The CRC-32 that `writeIndexFile` wrote into `bytes` (what `IndexFileContents.checksum` is once read). */
export function checksumOf(bytes: Buffer): number {
  return bytes.readUInt32LE(12);
}

/** Bytes read at once while a section left on disk is checked against the checksum. */
const CHUNK = 1 << 20;

/**
 * Reads the file `source` gives and checks it whole (length, checksum), holding in memory every
 * section but those `onDisk` names (or picks, when it is a test of a section's name): their bytes
 * are read once, in chunks, for the checksum, and `stored(name)` then gives where they are in the
 * file. Resident sections are views into one buffer of the file's size less the head (parsed, not
 * kept) and the sections left on disk.
 */
export async function readIndexFile<Head>(
  source: IndexFileSource,
  version: number,
  onDisk: readonly string[] | ((name: string) => boolean) = [],
): Promise<{ ok: true; contents: IndexFileContents<Head> } | ReadFailure> {
  const { size } = source;
  const readAt = (into: Buffer, position: number) => fill(source, into, position);
  const header = Buffer.alloc(HEADER + 4);
  if (size < HEADER + 4 || (await readAt(header, 0)) < header.length)
    return { ok: false, reason: "corrupt", detail: "not a search index file" };
  if (!header.subarray(0, 8).equals(MAGIC))
    return { ok: false, reason: "corrupt", detail: "not a search index file" };
  const found = header.readUInt32LE(8);
  if (found !== version)
    return { ok: false, reason: "old-version", detail: `version ${found}, expected ${version}` };
  if (header.readDoubleLE(16) !== size - HEADER)
    return {
      ok: false,
      reason: "corrupt",
      detail: `length ${size - HEADER}, expected ${header.readDoubleLE(16)} (truncated?)`,
    };
  const headLength = header.readUInt32LE(HEADER);
  if (HEADER + 4 + headLength > size) return { ok: false, reason: "corrupt", detail: "head out of bounds" };
  // The head with its length before it and its padding after: parsed, checked, not kept.
  const headEnd = Math.min(size, align(HEADER + 4 + headLength));
  const headArea = Buffer.alloc(headEnd - HEADER);
  await readAt(headArea, HEADER);
  let parsed: { head: Head; sections: Record<string, SectionInfo> };
  try {
    parsed = JSON.parse(headArea.toString("utf8", 4, 4 + headLength)) as typeof parsed;
  } catch (error) {
    return { ok: false, reason: "corrupt", detail: `head unreadable: ${(error as Error).message}` };
  }
  if (typeof parsed !== "object" || parsed === null)
    return { ok: false, reason: "corrupt", detail: "head unreadable: not an object" };
  const sections = typeof parsed.sections === "object" && parsed.sections !== null ? parsed.sections : {};
  const left = typeof onDisk === "function" ? Object.keys(sections).filter(onDisk) : onDisk;
  const holes = holesOf(sections, left, size);
  if (typeof holes === "string") return { ok: false, reason: "corrupt", detail: holes };
  if (holes.length > 0 && holes[0]!.start < headEnd)
    return { ok: false, reason: "corrupt", detail: "a section overlaps the head" };
  holes.unshift({ start: 0, end: headEnd }); // the head, read and checked above: not resident
  // Resident bytes in file order, the holes cut out; every piece starts at a multiple of 8.
  const buffer = Buffer.allocUnsafeSlow(size - holes.reduce((n, h) => n + (h.end - h.start), 0));
  let crc = crc32(headArea, 0);
  let at = headEnd;
  let into = 0;
  const scratch = Buffer.allocUnsafe(Math.min(CHUNK, size));
  for (const piece of [...holes.slice(1), { start: size, end: size }]) {
    const resident = buffer.subarray(into, into + piece.start - at);
    if ((await readAt(resident, at)) < resident.length)
      return { ok: false, reason: "corrupt", detail: "the file shrank while it was read" };
    crc = crc32(resident, crc);
    into += resident.length;
    for (at = piece.start; at < piece.end;) {
      const chunk = scratch.subarray(0, Math.min(scratch.length, piece.end - at));
      if ((await readAt(chunk, at)) < chunk.length)
        return { ok: false, reason: "corrupt", detail: "the file shrank while it was read" };
      crc = crc32(chunk, crc);
      at += chunk.length;
    }
  }
  if (crc !== header.readUInt32LE(12)) return { ok: false, reason: "corrupt", detail: "checksum mismatch" };
  const residentOffset = (offset: number) =>
    offset - holes.filter((h) => h.end <= offset).reduce((n, h) => n + (h.end - h.start), 0);
  const section = (name: string, kind: ArrayKind): TypedArray => {
    const info = sections[name];
    const Kind = KINDS[kind];
    if (
      !info ||
      left.includes(name) ||
      info.kind !== kind ||
      info.offset % 8 !== 0 ||
      info.offset + info.length * Kind.BYTES_PER_ELEMENT > size ||
      holes.some((h) => info.offset < h.end && info.offset + info.length * Kind.BYTES_PER_ELEMENT > h.start)
    )
      throw new RangeError(`section ${name} missing or out of bounds`);
    return new Kind(
      buffer.buffer as ArrayBuffer,
      buffer.byteOffset + residentOffset(info.offset),
      info.length,
    );
  };
  const stored = (name: string): StoredSection => {
    const info = sections[name];
    if (!info || !left.includes(name)) throw new RangeError(`section ${name} is not on disk`);
    return { offset: info.offset, bytes: info.length * KINDS[info.kind].BYTES_PER_ELEMENT };
  };
  return {
    ok: true,
    contents: {
      head: parsed.head,
      checksum: crc,
      section: section as IndexFileContents<Head>["section"],
      stored,
    },
  };
}

/**
 * The byte ranges of the sections left on disk, in file order, each from its offset to the next
 * multiple of 8 (where the next section may start); a sentence saying what is wrong when one is
 * malformed, reaches past the end of the file, or overlaps another. (A section the head does not
 * name is no hole: asking for it fails later, as for a resident one.)
 */
function holesOf(
  sections: Record<string, SectionInfo>,
  onDisk: readonly string[],
  size: number,
): Array<{ start: number; end: number }> | string {
  const holes: Array<{ start: number; end: number }> = [];
  for (const name of onDisk) {
    const info = sections[name];
    if (!info) continue;
    const Kind = Object.hasOwn(KINDS, info.kind) ? KINDS[info.kind] : undefined;
    const { offset: start, length } = info;
    if (
      !Kind ||
      !Number.isInteger(start) ||
      !Number.isInteger(length) ||
      start % 8 !== 0 ||
      start < HEADER ||
      length < 0
    )
      return `section ${name} malformed in the head`;
    const last = start + length * Kind.BYTES_PER_ELEMENT;
    if (last > size) return `section ${name} runs past the end of the file (to byte ${last} of ${size})`;
    holes.push({ start, end: Math.min(size, align(last)) });
  }
  // Ties by end: an empty section at the offset where the next one starts overlaps nothing.
  holes.sort((a, b) => a.start - b.start || a.end - b.end);
  if (holes.some((h, i) => i > 0 && h.start < holes[i - 1]!.end)) return "sections overlap";
  return holes;
}

/** Fills `into` from `position` as far as the file goes; the bytes read. */
async function fill(source: IndexFileSource, into: Buffer, position: number): Promise<number> {
  let done = 0;
  while (done < into.length) {
    const bytesRead = await source.read(into.subarray(done), position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

function align(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function kindOf(array: TypedArray): ArrayKind {
  if (array instanceof Uint8Array) return "u8";
  if (array instanceof Uint16Array) return "u16";
  if (array instanceof Uint32Array) return "u32";
  return "f64";
}
