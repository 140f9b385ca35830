import { readFile, rename } from "node:fs/promises";
import { z } from "zod";
import { writeFileAtomic } from "./atomic-file.js";
import { keptStamp } from "./kept-stamp.js";

/** One turn as saved: question, search line, pages as [path, locale, title], when (ms). */
const SavedTurnSchema = z.strictObject({
  q: z.string(),
  s: z.string().optional(),
  p: z.array(z.tuple([z.string(), z.string(), z.string()])),
  t: z.number(),
});

/**
 * The conversations as saved (`conversations/turns.json`): every turn once, by its number in
 * `turns`; each conversation and each answered message (a reply chain's end) lists its turns by
 * number, oldest first.
 */
const SavedConversationsSchema = z.strictObject({
  v: z.literal(1),
  turns: z.array(SavedTurnSchema),
  conversations: z.array(z.tuple([z.string(), z.array(z.number().int().nonnegative())])),
  answers: z.array(z.tuple([z.string(), z.array(z.number().int().nonnegative())])),
});
export type SavedTurn = z.infer<typeof SavedTurnSchema>;
export type SavedConversations = z.infer<typeof SavedConversationsSchema>;

export interface ConversationFile {
  /** What was saved; undefined when there is no file, or it was set aside as not this format. */
  load(): Promise<SavedConversations | undefined>;
  /** Rewrites the file whole and atomically (the old file or the new one). */
  save(saved: SavedConversations): Promise<void>;
}

/**
 * The conversations file. A file that is not this format (or refers to turns it does not hold) is
 * renamed `<file>.corrupt-<time>`, reported to `onCorrupt`, and the gateway starts with no
 * conversations, other state untouched. An unreadable file (permissions) rejects `load`.
 */
export function openConversationFile(options: {
  file: string;
  onCorrupt?: (detail: string) => void;
}): ConversationFile {
  const { file } = options;
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      const parsed = SavedConversationsSchema.safeParse(parseJson(text));
      if (parsed.success && refersToHeldTurns(parsed.data)) return parsed.data;
      const aside = `${file}.corrupt-${keptStamp()}`;
      await rename(file, aside);
      options.onCorrupt?.(`the conversations file was not readable and was kept as ${aside}`);
      return undefined;
    },
    save: (saved) => writeFileAtomic(file, `${JSON.stringify(saved)}\n`),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function refersToHeldTurns(saved: SavedConversations): boolean {
  const held = saved.turns.length;
  return [...saved.conversations, ...saved.answers].every(([, turns]) => turns.every((n) => n < held));
}
