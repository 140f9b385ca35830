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
 * sections are read as views into the one buffer, never copied. Contract: `readIndexFile` returns
 * a reason, never throws, for a file that is missing, foreign, of another version, truncated or
 * altered.
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

export interface IndexFileContents<Head> {
  head: Head;
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

export function readIndexFile<Head>(
  bytes: Buffer,
  version: number,
): { ok: true; contents: IndexFileContents<Head> } | ReadFailure {
  if (bytes.length < HEADER + 4 || !bytes.subarray(0, 8).equals(MAGIC))
    return { ok: false, reason: "corrupt", detail: "not a search index file" };
  const found = bytes.readUInt32LE(8);
  if (found !== version)
    return { ok: false, reason: "old-version", detail: `version ${found}, expected ${version}` };
  if (bytes.readDoubleLE(16) !== bytes.length - HEADER)
    return {
      ok: false,
      reason: "corrupt",
      detail: `length ${bytes.length - HEADER}, expected ${bytes.readDoubleLE(16)} (truncated?)`,
    };
  if (crc32(bytes.subarray(HEADER)) !== bytes.readUInt32LE(12))
    return { ok: false, reason: "corrupt", detail: "checksum mismatch" };
  // Views need the buffer aligned to 8 bytes; a pooled buffer is copied once.
  const buffer = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  let parsed: { head: Head; sections: Record<string, SectionInfo> };
  try {
    const length = buffer.readUInt32LE(HEADER);
    parsed = JSON.parse(buffer.toString("utf8", HEADER + 4, HEADER + 4 + length)) as typeof parsed;
  } catch (error) {
    return { ok: false, reason: "corrupt", detail: `head unreadable: ${(error as Error).message}` };
  }
  const section = (name: string, kind: ArrayKind): TypedArray => {
    const info = parsed.sections?.[name];
    const Kind = KINDS[kind];
    if (
      !info ||
      info.kind !== kind ||
      info.offset % 8 !== 0 ||
      info.offset + info.length * Kind.BYTES_PER_ELEMENT > buffer.length
    )
      throw new RangeError(`section ${name} missing or out of bounds`);
    return new Kind(buffer.buffer as ArrayBuffer, buffer.byteOffset + info.offset, info.length);
  };
  return {
    ok: true,
    contents: { head: parsed.head, section: section as IndexFileContents<Head>["section"] },
  };
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
