import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type IndexFileSource,
  readIndexFile,
  writeIndexFile,
} from "../../../../src/wiki/search-index/index-file.js";

const VERSION = 7;

/** The bytes as a file the reader reads from. */
const source = (bytes: Buffer): IndexFileSource => ({
  size: bytes.length,
  read: async (into, position) =>
    bytes.copy(into, 0, position, Math.min(bytes.length, position + into.length)),
});

/**
 * `bytes` with its head's JSON rewritten (same length, so no offset moves) and the checksum
 * computed again: a file that only the head's own checks can refuse.
 */
function withHead(bytes: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const text = bytes.toString("latin1");
  expect(text.split(from).length, `the head holds ${from} once`).toBe(2);
  const out = Buffer.from(text.replace(from, to), "latin1");
  out.writeUInt32LE(crc32(out.subarray(24)), 12);
  return out;
}

describe("readIndexFile: sections left on disk", () => {
  /** A file whose last section, "text", holds 16 bytes and ends exactly at the end of the file. */
  const file = () =>
    writeIndexFile(
      VERSION,
      { pages: 1 },
      { counts: Uint32Array.of(1, 2, 3), text: new Uint8Array(16).fill(65) },
    );
  /** How the head describes the text section at `offset`, with `kind` and `length` as written. */
  const described = (offset: number, kind = '"u8"', length = "16") =>
    `"text":{"kind":${kind},"offset":${offset},"length":${length}}`;

  it("reads a well-formed file and says where the text lies", async () => {
    const bytes = file();
    const read = await readIndexFile(source(bytes), VERSION, ["text"]);
    if (!read.ok) throw new Error(read.detail);
    const text = read.contents.stored("text");
    expect(text.offset + text.bytes).toBe(bytes.length);
    expect(bytes.subarray(text.offset, text.offset + text.bytes).toString()).toBe("A".repeat(16));
    expect([...read.contents.section("counts", "u32")]).toEqual([1, 2, 3]);
    expect(read.contents.checksum).toBe(bytes.readUInt32LE(12));
  });

  it("keeps only the resident sections in memory: not the head (parsed), not the sections left on disk", async () => {
    const bytes = file();
    const read = await readIndexFile(source(bytes), VERSION, ["text"]);
    if (!read.ok) throw new Error(read.detail);
    const counts = read.contents.section("counts", "u32");
    // One buffer from the end of the head (bytes 28 on, to a multiple of 8) to where "text" starts.
    const headEnd = Math.ceil((28 + bytes.readUInt32LE(24)) / 8) * 8;
    expect(counts.buffer.byteLength).toBe(read.contents.stored("text").offset - headEnd);
    expect(counts.buffer.byteLength).toBeLessThan(bytes.length / 2);
    // A changed byte of the head still fails the checksum, though the head is not kept.
    const altered = Buffer.from(bytes);
    altered[30] = altered[30]! ^ 1;
    expect(await readIndexFile(source(altered), VERSION, ["text"])).toMatchObject({
      ok: false,
      detail: "checksum mismatch",
    });
  });

  it("refuses a head whose section runs past the end of the file, though the checksum matches", async () => {
    const bytes = file();
    const text = (await readIndexFile<unknown>(source(bytes), VERSION, ["text"])) as {
      ok: true;
      contents: { stored(name: string): { offset: number } };
    };
    const offset = text.contents.stored("text").offset;
    const altered = withHead(bytes, described(offset), described(offset, '"u8"', "17"));
    const read = await readIndexFile(source(altered), VERSION, ["text"]);
    expect(read).toEqual({
      ok: false,
      reason: "corrupt",
      detail: `section text runs past the end of the file (to byte ${altered.length + 1} of ${altered.length})`,
    });
  });

  it("refuses a malformed length or kind of a section left on disk", async () => {
    const bytes = file();
    const read = await readIndexFile<unknown>(source(bytes), VERSION, ["text"]);
    if (!read.ok) throw new Error(read.detail);
    const offset = read.contents.stored("text").offset;
    for (const to of [
      described(offset, '"u8"', '""'),
      described(offset, '"u8"', "-1"),
      described(offset, '"u9"'),
    ]) {
      const altered = withHead(bytes, described(offset), to);
      expect(await readIndexFile(source(altered), VERSION, ["text"]), to).toEqual({
        ok: false,
        reason: "corrupt",
        detail: "section text malformed in the head",
      });
    }
  });

  it("an empty section left on disk where the next one starts overlaps nothing", async () => {
    const bytes = writeIndexFile(VERSION, {}, { empty: new Uint8Array(0), text: new Uint8Array(8).fill(66) });
    const read = await readIndexFile(source(bytes), VERSION, ["text", "empty"]);
    if (!read.ok) throw new Error(read.detail);
    expect(read.contents.stored("empty").bytes).toBe(0);
    expect(read.contents.stored("text").bytes).toBe(8);
  });
});
