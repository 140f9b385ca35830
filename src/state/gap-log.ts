import { appendFile, mkdir, readFile, rename, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { parseJsonLines } from "./json-lines.js";

/** Longest question kept, in characters (a question is not a document). */
export const GAP_QUESTION_MAX = 300;

/**
 * One line of the gap log: a question the wiki left unanswered ("nothing" found, or only
 * "choices" offered), a choice that was "tapped" (with the page picked), or an "inline" result a
 * user picked (the inline query's words and the page). Never a user's id or
 * name: only what wiki authors need to see what to write or retitle next.
 */
export const GapRecordSchema = z.strictObject({
  v: z.literal(1),
  /** ISO-8601 time. */
  at: z.iso.datetime(),
  agent: z.string().min(1),
  kind: z.enum(["nothing", "choices", "tapped", "inline"]),
  question: z.string().max(GAP_QUESTION_MAX),
  page: z.strictObject({ path: z.string(), title: z.string() }).optional(),
});

export type GapRecord = z.infer<typeof GapRecordSchema>;

export interface GapLogOptions {
  file: string;
  /** The live file is rotated once it would grow past this many bytes (default 1 MB). */
  maxBytes?: number;
  /** Rotated files kept: `<file>.1` (newest) … `<file>.<keep>` (default 3). */
  keep?: number;
}

export interface GapLog {
  /** Queues one record; writes are serialized and never reject (a failure is reported to `onError`). */
  append(record: Omit<GapRecord, "v" | "at"> & { at?: Date }): void;
  /** Resolves once every queued record is written. */
  flush(): Promise<void>;
}

/**
 * The gap log writer: JSON lines appended to the live file, rotated by size so the log stays
 * bounded ((keep + 1) × maxBytes at most). Questions are cut to GAP_QUESTION_MAX characters.
 */
export function createGapLog(options: GapLogOptions & { onError?: (error: unknown) => void }): GapLog {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const keep = options.keep ?? 3;
  let size: number | undefined;
  let queue: Promise<void> = Promise.resolve();

  async function write(line: string): Promise<void> {
    const bytes = Buffer.byteLength(line);
    if (size === undefined) {
      await mkdir(dirname(options.file), { recursive: true });
      size = await stat(options.file).then(
        (s) => s.size,
        () => 0,
      );
    }
    if (size > 0 && size + bytes > maxBytes) {
      await rotate(options.file, keep);
      size = 0;
    }
    await appendFile(options.file, line, { mode: 0o600 });
    size += bytes;
  }

  return {
    append(input) {
      const record: GapRecord = {
        v: 1,
        at: (input.at ?? new Date()).toISOString(),
        agent: input.agent,
        kind: input.kind,
        question: [...input.question.trim()].slice(0, GAP_QUESTION_MAX).join(""),
        ...(input.page ? { page: { path: input.page.path, title: input.page.title } } : {}),
      };
      const line = `${JSON.stringify(record)}\n`;
      queue = queue.then(() => write(line)).catch((error: unknown) => {
        size = undefined;
        options.onError?.(error);
      });
    },
    flush: () => queue,
  };
}

/** Shifts `<file>.N` to `<file>.N+1` (the oldest is overwritten) and the live file to `<file>.1`. */
async function rotate(file: string, keep: number): Promise<void> {
  for (let n = keep - 1; n >= 1; n -= 1) {
    await rename(`${file}.${n}`, `${file}.${n + 1}`).catch(ignoreMissing);
  }
  await rename(file, `${file}.1`).catch(ignoreMissing);
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
}

/**
 * Every record of the log, oldest first (rotated files, then the live one), each line checked
 * by GapRecordSchema; lines that fail it (a torn write, an edited file) are counted, not returned.
 */
export async function readGapLog(
  file: string,
  keep = 3,
): Promise<{ records: GapRecord[]; invalid: number }> {
  const files = [...Array.from({ length: keep }, (_, i) => `${file}.${keep - i}`), file];
  const records: GapRecord[] = [];
  let invalid = 0;
  for (const path of files) {
    const text = await readFile(path, "utf8").catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
      throw error;
    });
    const read = parseJsonLines(text, GapRecordSchema);
    records.push(...read.records);
    invalid += read.invalid;
  }
  return { records, invalid };
}
