import { appendFile, mkdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { z } from "zod";
import { createAppendBatch } from "./append-batch.js";
import { writeFileAtomic } from "./atomic-file.js";
import { parseJsonLines } from "./json-lines.js";

/** A JSON-lines file its owner appends to and now and then rewrites whole (compaction). */
export interface JsonLinesFile<T> {
  /**
   * Every record of the file, oldest first; lines that are not JSON or fail the schema are counted,
   * not returned. A file that cannot be read (other than absent) is reported to `onError` and reads
   * empty. Synchronous: it runs once, at start, on a file bounded by its owner.
   */
  readAll(): { records: T[]; invalid: number };
  /** Queues one record at the end of the file. */
  append(record: T): void;
  /** Queues a rewrite of the whole file with exactly these records (atomic: the old file or the new one). */
  replace(records: readonly T[]): void;
  /** Resolves once every queued write is done. Never rejects (failures go to `onError`). */
  flush(): Promise<void>;
}

/**
 * Writes are serialized in the order they were queued; records appended while a write is under way
 * go into the file together, in one append. A read or write that fails leaves the file
 * as it was and is reported to `onError` once per streak of failures (the next successful write
 * ends the streak), so a full disk is said once, not once per record.
 */
export function createJsonLinesFile<T>(options: {
  file: string;
  schema: z.ZodType<T>;
  onError?: (error: unknown) => void;
}): JsonLinesFile<T> {
  const { file } = options;
  let queue: Promise<void> = Promise.resolve();
  let failing = false;
  const failed = (error: unknown) => {
    if (!failing) options.onError?.(error);
    failing = true;
  };
  const enqueue = (write: () => Promise<void>) => {
    queue = queue.then(write).then(() => {
      failing = false;
    }, failed);
  };
  const line = (record: T) => `${JSON.stringify(record)}\n`;
  /** The directory is made once, and again after a failed append. */
  let madeDir = false;
  const appends = createAppendBatch(enqueue, async (lines) => {
    if (!madeDir) await mkdir(dirname(file), { recursive: true });
    madeDir = true;
    await appendFile(file, lines.join(""), { mode: 0o600 }).catch((error: unknown) => {
      madeDir = false;
      throw error;
    });
  });
  return {
    readAll() {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed(error);
        return { records: [], invalid: 0 };
      }
      return parseJsonLines(text, options.schema);
    },
    append(record) {
      appends.add(line(record));
    },
    replace(records) {
      const text = records.map(line).join("");
      appends.cut();
      enqueue(() => writeFileAtomic(file, text));
    },
    flush: () => queue,
  };
}
