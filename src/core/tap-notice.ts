/**
 * What a button tap is told when its button no longer leads anywhere: its offer expired or was
 * forgotten, or Telegram no longer shows the bot the tapped message (older than 48 hours). The
 * same words whoever taps, so the notice tells nothing about the chat or the wiki.
 */
export const EXPIRED_TAP_NOTICE = "This choice has expired. Please ask your question again.";
