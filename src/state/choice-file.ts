import { appendFile, mkdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { createAppendBatch } from "./append-batch.js";
import { writeFileAtomic } from "./atomic-file.js";
import { parseJsonLines } from "./json-lines.js";

/** One offer of choices as saved: the button token, where it was offered, the question and its pages. */
export const SavedOfferSchema = z.strictObject({
  v: z.literal(1),
  token: z.string().regex(/^[A-Za-z0-9_-]{12}$/),
  account: z.string().min(1),
  chatId: z.number().int(),
  agent: z.string().min(1),
  question: z.string(),
  pages: z.array(z.strictObject({ path: z.string(), locale: z.string(), title: z.string() })).max(10),
  /** ms since the epoch. */
  at: z.number(),
});

export type SavedOffer = z.infer<typeof SavedOfferSchema>;

export interface ChoiceFile {
  /**
   * Every offer of the file, oldest first; lines that fail SavedOfferSchema are counted, not
   * returned. A file that cannot be read (other than absent) is reported to `onError` and reads empty.
   */
  readAll(): { offers: SavedOffer[]; invalid: number };
  /** Queues one offer at the end of the file. */
  append(offer: Omit<SavedOffer, "v">): void;
  /** Queues a rewrite of the whole file with exactly these offers (atomic: the old file or the new one). */
  replace(offers: ReadonlyArray<Omit<SavedOffer, "v">>): void;
  /** Resolves once every queued write is done. Never rejects (failures go to `onError`). */
  flush(): Promise<void>;
}

/**
 * The offers file (`choices/offers.jsonl`): JSON lines, appended as offers are made and rewritten
 * whole when the owner compacts it. Writes are serialized; a write that fails is reported to
 * `onError` and the file is left as it was (an offer that was not saved expires at a restart).
 * Offers appended while a write is under way go into the file together, in one write.
 * Reading is synchronous: it runs once, at start, on a file bounded by its owner.
 */
export function createChoiceFile(options: { file: string; onError?: (error: unknown) => void }): ChoiceFile {
  const { file } = options;
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (write: () => Promise<void>) => {
    queue = queue.then(write).catch((error: unknown) => options.onError?.(error));
  };
  const line = (offer: Omit<SavedOffer, "v">) => `${JSON.stringify({ v: 1, ...offer })}\n`;
  /** The directory is made once, and again after a failed write. */
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
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") options.onError?.(error);
        return { offers: [], invalid: 0 };
      }
      const { records, invalid } = parseJsonLines(text, SavedOfferSchema);
      return { offers: records, invalid };
    },
    append(offer) {
      appends.add(line(offer));
    },
    replace(offers) {
      const text = offers.map(line).join("");
      appends.cut();
      enqueue(() => writeFileAtomic(file, text));
    },
    flush: () => queue,
  };
}
