import type { RichAlternative } from "./replier.js";

/** A page of the wiki, as a reply names it (the answering page, a choice offered, a page picked). */
export interface PageRef {
  path: string;
  locale: string;
  title: string;
}

/**
 * What the bot says to one message: the one answer type of the gateway. The agent makes it (the
 * pipeline makes its own hints), and every step after passes it on unchanged down to delivery;
 * metrics, the gap log and the edit memory read its `kind`. `chunks` are Telegram-HTML messages,
 * each under 4096 code points, in order; empty means the bot says nothing.
 *
 * Adding a kind: add a member here; the compiler then names every table and switch that must
 * say what the new kind means (`Record<ReplyKind, …>` and `assertNever`).
 */
export type Reply =
  /** A page answers the question; `page` is the one a reaction on the reply votes on. */
  | {
      kind: "answer";
      chunks: readonly string[];
      page?: PageRef;
      /** The same answer as a rich message, sent instead where the account sends them (SendOptions.rich). */
      rich?: RichAlternative;
      /** What was searched when not the question as written (kept with the conversation's turn). */
      searched?: string;
    }
  /** A weak match: the closest pages (best first, at most three) offered as buttons. */
  | { kind: "choices"; chunks: readonly string[]; choices: readonly PageRef[]; searched?: string }
  /** Nothing in the wiki matches the question (or the page picked is gone). */
  | { kind: "not-found"; chunks: readonly string[]; searched?: string }
  /** A bot command's reply (an empty question to the agent says nothing, as this kind). */
  | { kind: "command"; chunks: readonly string[] }
  /** A command the sender may not run (an editors' command from a reader). */
  | { kind: "refused"; chunks: readonly string[] }
  /** The wiki failed: a short polite reply; the failure was logged where it happened. */
  | { kind: "error"; chunks: readonly string[] }
  /** `/whoami` answered to someone the policy does not let in (they need their id to be let in). */
  | { kind: "whoami"; chunks: readonly string[] }
  /** A DM holding only media: how to ask in text. */
  | { kind: "media-hint"; chunks: readonly string[] }
  /** The media hint, not repeated within its interval: nothing is said. */
  | { kind: "media-hint-suppressed"; chunks: readonly [] }
  /**
   * A voice note or a picture that was not heard or read (too long, too large, over the hourly
   * limit, the server failed or is absent): one line saying so and asking for the question typed.
   */
  | { kind: "unheard"; chunks: readonly string[] }
  /** A bare mention without a question: "ask me something". */
  | { kind: "mention-hint"; chunks: readonly string[] }
  /** Nothing to answer (no question, no mention): nothing is said. */
  | { kind: "empty"; chunks: readonly [] };

export type ReplyKind = Reply["kind"];

/** The member of Reply with kind K. */
export type ReplyOf<K extends ReplyKind> = Extract<Reply, { kind: K }>;

/** Every kind, in the order above (for documentation and tests; a table keyed by kind is checked by the compiler). */
export const REPLY_KINDS = Object.keys({
  answer: true,
  choices: true,
  "not-found": true,
  command: true,
  refused: true,
  error: true,
  whoami: true,
  "media-hint": true,
  "media-hint-suppressed": true,
  unheard: true,
  "mention-hint": true,
  empty: true,
} satisfies Record<ReplyKind, true>) as ReplyKind[];

/** The end of an exhaustive switch: a value the compiler proved impossible. */
export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
