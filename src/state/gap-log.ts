import { z } from "zod";
import { createJsonlLog, type JsonlLogOptions, readJsonlLog } from "./jsonl-log.js";

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

export type GapLogOptions = Omit<JsonlLogOptions, "onError">;

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
  const log = createJsonlLog(options);
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
      log.append(record);
    },
    flush: () => log.flush(),
  };
}

/**
 * Every record of the log, oldest first (rotated files, then the live one), each line checked
 * by GapRecordSchema; lines that fail it (a torn write, an edited file) are counted, not returned.
 */
export function readGapLog(file: string, keep = 3): Promise<{ records: GapRecord[]; invalid: number }> {
  return readJsonlLog(file, GapRecordSchema, keep);
}
