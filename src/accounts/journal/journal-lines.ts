import type { Update } from "grammy/types";
import { z } from "zod";
import { isUpdate } from "./update-shape.js";

/**
 * The journal's file format: JSON lines, one event each, validated when read back.
 *
 * - `u`: update `id` was received (`u` is the whole update, as Telegram sent it);
 * - `i`: reply chunk `c` of update `id` is being sent; `s`: Telegram accepted it;
 * - `p`: the placeholder message `m` of update `id`'s streamed answer is in the chat (0: none any more);
 * - `d`: update `id` is done; `h` (header of a compacted file): ids done recently.
 */
const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const chunk = z.number().int().min(0);
const update = z.custom<Update>(isUpdate, "not a Telegram update (an object with a numeric update_id)");

const lineSchema = z.discriminatedUnion("t", [
  z
    .object({ t: z.literal("u"), id, u: update })
    .refine((line) => line.u.update_id === line.id, "update_id differs from id"),
  z.object({ t: z.literal("i"), id, c: chunk }),
  z.object({ t: z.literal("s"), id, c: chunk }),
  z.object({ t: z.literal("p"), id, m: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  z.object({ t: z.literal("d"), id }),
  z.object({ t: z.literal("h"), done: z.array(id) }),
]);

export type JournalLine = z.infer<typeof lineSchema>;

export interface ReadLines {
  lines: JournalLine[];
  /** 1-based numbers of lines that are not journal lines (a torn last line is not counted). */
  damaged: number[];
}

/**
 * Reads a journal file's text. Never throws. The last line may be torn (a kill -9 in the middle
 * of a write): it is ignored. Any other line that is not valid JSON of a journal event is damage;
 * it is skipped, and its number reported so the caller can keep the file before replacing it.
 */
export function readJournalLines(text: string): ReadLines {
  const raw = text.split("\n");
  const lines: JournalLine[] = [];
  const damaged: number[] = [];
  for (const [index, source] of raw.entries()) {
    if (source === "") continue;
    const parsed = lineSchema.safeParse(parseJson(source));
    if (parsed.success) lines.push(parsed.data);
    else if (index !== raw.length - 1) damaged.push(index + 1);
  }
  return { lines, damaged };
}

/** One event per line, each ended by a newline. */
export function encodeJournalLines(lines: readonly JournalLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

function parseJson(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    return undefined;
  }
}
