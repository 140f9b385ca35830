import { z } from "zod";
import { createJsonLinesFile } from "./json-lines-file.js";

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
  /** Every offer of the file, oldest first (see JsonLinesFile.readAll). */
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
 * whole when the owner compacts it. A write that fails is reported to `onError` and the file is
 * left as it was (an offer that was not saved expires at a restart).
 */
export function createChoiceFile(options: { file: string; onError?: (error: unknown) => void }): ChoiceFile {
  const lines = createJsonLinesFile({ ...options, schema: SavedOfferSchema });
  const saved = (offer: Omit<SavedOffer, "v">): SavedOffer => ({ v: 1, ...offer });
  return {
    readAll() {
      const { records, invalid } = lines.readAll();
      return { offers: records, invalid };
    },
    append: (offer) => lines.append(saved(offer)),
    replace: (offers) => lines.replace(offers.map(saved)),
    flush: () => lines.flush(),
  };
}
