import type { InputRichMessageWithoutUpload } from "grammy/types";
import type { ReadFile } from "./media-file.js";

/** A button of an inline keyboard: its label and the data Telegram sends back when tapped (≤ 64 bytes). */
export interface InlineButton {
  text: string;
  data: string;
}

export interface SendOptions {
  /** Rows of buttons, attached to the last chunk. */
  buttons?: readonly (readonly InlineButton[])[];
  /**
   * An earlier message of the bot in the same chat that the first chunk replaces
   * (editMessageText) instead of being sent as a new message; the other chunks are sent after it.
   * When Telegram cannot edit it (deleted, too old), the first chunk is sent as a new reply.
   */
  replaces?: number;
  /**
   * The same reply as one rich message (Bot API 10.1 `InputRichMessage`, explicit blocks): sent
   * instead of the chunks when the account sends rich messages (`richMessages: "auto"`) and
   * Telegram has not refused them; the chunks stay the fallback. The buttons go under it.
   */
  rich?: RichAlternative;
}

/** A rich message with explicit blocks and no uploads (grammY's `InputRichMessageWithoutUpload`). */
export type RichAlternative = InputRichMessageWithoutUpload;

/**
 * The messages Telegram named for one `send`: the first chunk's, and all of them. Delivery wraps
 * it beside the Reply it sent (pipeline/deliver.ts); it never stands for the reply itself.
 */
export interface SentMessages {
  messageId: number;
  /** Every message of the reply Telegram named in this call, in order, the first chunk's included. */
  messageIds: number[];
}

/**
 * An answer shown while it is written (a model's answer): a draft in a private chat, a placeholder
 * message edited in a group. Contract: `show` and `close` never throw nor reject, and never hold
 * up the answer (what Telegram refuses only ends the showing, logged); once `close` resolved,
 * nothing of the stream is left in the chat.
 */
export interface AnswerStream {
  /** The answer so far, plain text ("": it is being written, "Thinking…"). Shown when it grew, at a bounded rate. */
  show(text: string): void;
  /** Aborted when the asker pressed the draft's stop button: what was written so far is the answer. */
  readonly stopped: AbortSignal;
  /** The answer was sent (or none will be): ends the showing and removes what is left of it. */
  close(): Promise<void>;
}

/**
 * How a handler answers the message it was given. Replies always go out through the account
 * that received the message.
 */
export interface Replier {
  /**
   * Sends Telegram-HTML chunks in order, the first as a reply to the message. Chunks Telegram
   * already accepted before a restart are skipped (de-duplication by account, update_id and chunk).
   * An HTML parse error is retried once as plain text; a chat that blocked the bot is logged and
   * skipped. Other failures reject (after auto-retry gave up). Resolves to the first chunk's
   * message when Telegram named it (not for a chunk skipped as already sent, nor a blocked chat).
   */
  send(chunks: readonly string[], options?: SendOptions): Promise<SentMessages | void>;
  /**
   * Answers a button tap (stops the client's spinner), with an optional short notice. Never
   * rejects because the query is too old or unknown (logged): the tap's reply still goes out.
   */
  answerCallback(queryId: string, text?: string): Promise<void>;
  /**
   * Shows "typing…" (after a short delay: most answers need none) until the returned function is
   * called; calling it again does nothing.
   */
  typing(): () => void;
  /**
   * Sets `emoji` as the bot's reaction on the message being answered until the returned function
   * is called, which removes it. Never throws nor rejects, and never delays the answer: a refused
   * reaction is only logged.
   */
  acknowledge(emoji: string): () => void;
  /**
   * Opens the stream of the answer to the message being answered (`rich`: the account sends rich
   * messages, so a private chat's drafts are rich drafts). Absent where nothing can be streamed.
   */
  stream?(options: { rich: boolean }): AnswerStream;
  /**
   * Reads a file the message carries (a voice note, a picture) through the account that received
   * it (media-file.ts). Absent where no file can be read: the media is then not heard nor seen.
   */
  readFile?: ReadFile;
}
