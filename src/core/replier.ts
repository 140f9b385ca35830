/**
 * How a handler answers the message it was given. Replies always go out through the account
 * that received the message.
 */
export interface Replier {
  /**
   * Sends Telegram-HTML chunks in order, the first as a reply to the message. Chunks Telegram
   * already accepted before a restart are skipped (de-duplication by account, update_id and chunk).
   * An HTML parse error is retried once as plain text; a chat that blocked the bot is logged and
   * skipped. Other failures reject (after auto-retry gave up).
   */
  send(chunks: readonly string[]): Promise<void>;
  /** Shows "typing…" (after a short delay: most answers need none) until the returned function is called. */
  typing(): () => void;
}
