import type { PageRef } from "./reply.js";

/**
 * One exchange of a conversation as it is kept: the question as the user wrote it, what was
 * searched for it when that was not the question (the model's standalone rewrite, or the question
 * read with the one before), and the pages it was answered with, best first. A conversation is a
 * DM, one member in one group topic, or a reply chain (pipeline/conversation-key.ts).
 */
export interface ConversationTurn {
  question: string;
  /** The search line used when it was not the question as written. */
  searched?: string;
  /** The pages answered with (the answering page, or the choices offered), best first; [] when none. */
  pages: readonly PageRef[];
  /** When it was asked, ms since the epoch. */
  at: number;
}

/** The turns before a message, oldest first (empty: a message that starts a conversation). */
export type Earlier = readonly ConversationTurn[];

/** What was searched for a turn: its search line, else its question. */
export const searchedText = (turn: ConversationTurn): string => turn.searched ?? turn.question;
