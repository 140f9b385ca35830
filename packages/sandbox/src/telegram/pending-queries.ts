import type { InlineAnswerRecord } from "./types.js";

/*
 * What the sandbox remembers of the queries it handed to bots. Kept apart from the methods that
 * answer them, so that the world (which holds these maps) imports no method module.
 */

/** A callback query the sandbox handed to a bot, until it is answered or forgotten. */
export interface PendingQuery {
  botKey: string;
  at: number;
  answered: boolean;
  /** What answerCallbackQuery said (for tests). */
  answer?: { text?: string; showAlert?: boolean };
}

/** An inline query handed to a bot, until it is forgotten; `answer` once the bot answered. */
export interface PendingInline {
  botKey: string;
  bot: string;
  userId: number;
  query: string;
  at: number;
  answer?: InlineAnswerRecord;
}
