import { z } from "zod";
import { createJsonlLog, type JsonlLogOptions, readJsonlLog } from "./jsonl-log.js";

/**
 * One line of the feedback log: a vote on a page cast (`delta` 1) or withdrawn (`delta` -1), by
 * agent and sign. Never a user's id, name or hash: only the aggregate a wiki author needs; the
 * per-user dedupe lives in the answer map, and only while it keeps the answer.
 */
export const VoteRecordSchema = z.strictObject({
  v: z.literal(1),
  /** ISO-8601 time. */
  at: z.iso.datetime(),
  agent: z.string().min(1),
  page: z.strictObject({ path: z.string(), title: z.string() }),
  sign: z.enum(["positive", "negative"]),
  delta: z.union([z.literal(1), z.literal(-1)]),
});

export type VoteRecord = z.infer<typeof VoteRecordSchema>;

export interface FeedbackLog {
  /** Queues one record; never rejects (a failure goes to `onError`). */
  append(record: Omit<VoteRecord, "v" | "at"> & { at?: Date }): void;
  flush(): Promise<void>;
}

/** The feedback log writer: JSON lines, rotated by size like the gap log. */
export function createFeedbackLog(options: JsonlLogOptions): FeedbackLog {
  const log = createJsonlLog(options);
  return {
    append(input) {
      const record: VoteRecord = {
        v: 1,
        at: (input.at ?? new Date()).toISOString(),
        agent: input.agent,
        page: { path: input.page.path, title: input.page.title },
        sign: input.sign,
        delta: input.delta,
      };
      log.append(record);
    },
    flush: () => log.flush(),
  };
}

/** Every vote record, oldest first; lines that are not records are counted, not returned. */
export function readFeedbackLog(file: string, keep = 3): Promise<{ records: VoteRecord[]; invalid: number }> {
  return readJsonlLog(file, VoteRecordSchema, keep);
}
