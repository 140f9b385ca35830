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

/** One of the bot's answer messages: a reply to it continues the turns that led to it. */
export interface AnswerMessage {
  account: string;
  chatId: number;
  messageId: number;
}

/**
 * Where conversations are kept: in memory (saved in the state directory), or in Redis in cluster
 * mode so that a failover mid-conversation keeps them. Never logs what it holds.
 */
export interface ConversationStore {
  /** The turns of conversation `key` if its last came within `quietMs`, oldest first; else none. */
  earlier(key: string, quietMs: number): Promise<Earlier>;
  /** The turns that led to answer `message`, however long ago, while it is held; else none. */
  chain(message: AnswerMessage): Promise<Earlier>;
  /** Appends `turn` to `key` (after `before`, its earlier turns) and maps each answer message to the chain it ends. */
  add(key: string, turn: ConversationTurn, before: Earlier, answers: readonly AnswerMessage[]): Promise<void>;
  /** `/new`: the conversation starts over (replies to earlier answers still follow them up). */
  forget(key: string): Promise<void>;
  /** Resolves once what is held is written. Never rejects. */
  flush(): Promise<void>;
}

/** Turns a conversation (or a reply chain) keeps, the latest last. */
export const TURNS_KEPT = 3;
/** A conversation quiet this long is dropped whatever its agent's setting (the setting's maximum). */
export const CONVERSATION_KEEP_MS = 24 * 60 * 60_000;
/** How long a reply to an answer still follows it up. */
export const ANSWER_KEEP_MS = 7 * 24 * 60 * 60_000;
