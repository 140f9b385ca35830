import { z } from "zod";
import { createJsonlLog, type JsonlLogOptions, readJsonlLog } from "./jsonl-log.js";

/**
 * One line of the model usage log: a call to a model (`kind` "call": its outcome, "ok" or a model
 * error code, and the tokens it used) or a reply the agent could not use (`kind` "discarded", its
 * code), or a voice note sent to a speech server (`kind` "transcription", purpose "transcribe": its
 * outcome and the `seconds` of audio), by model, agent and account. Never a prompt, a reply, a
 * transcript or a user: only what `report` sums.
 */
export const ModelUsageRecordSchema = z.strictObject({
  v: z.literal(1),
  /** ISO-8601 time. */
  at: z.iso.datetime(),
  kind: z.enum(["call", "discarded", "transcription"]),
  model: z.string().min(1),
  agent: z.string(),
  account: z.string(),
  purpose: z.enum(["rewrite", "answer", "probe", "read", "transcribe"]),
  /** "ok" or a model error code. */
  outcome: z.string().min(1),
  prompt: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
  /** Seconds of audio transcribed (kind "transcription"). */
  seconds: z.number().nonnegative().optional(),
});

export type ModelUsageRecord = z.infer<typeof ModelUsageRecordSchema>;

export interface ModelUsageLog {
  /** Queues one record; never rejects (a failure goes to `onError`). */
  append(record: Omit<ModelUsageRecord, "v" | "at"> & { at?: Date }): void;
  flush(): Promise<void>;
}

/**
 * The model usage log writer: JSON lines, rotated by size like the gap log. A line is about 170
 * bytes, so the default 4 MB × 4 files hold some 90,000 calls.
 */
export function createModelUsageLog(options: JsonlLogOptions): ModelUsageLog {
  const log = createJsonlLog({ maxBytes: 4_000_000, ...options });
  return {
    append(input) {
      const { at, ...rest } = input;
      log.append({ v: 1, at: (at ?? new Date()).toISOString(), ...rest } satisfies ModelUsageRecord);
    },
    flush: () => log.flush(),
  };
}

/** Every usage record, oldest first; lines that are not records are counted, not returned. */
export function readModelUsageLog(
  file: string,
  keep = 3,
): Promise<{ records: ModelUsageRecord[]; invalid: number }> {
  return readJsonlLog(file, ModelUsageRecordSchema, keep);
}
