import type { ErrorCatalogue } from "../errors.js";

/** The Telegram adapter's codes: an account's token, webhook and poller (docs/errors.md). */
export const ACCOUNT_CODES = {
  "telegram-unauthorized": {
    meaning: "Telegram answers 401 to the account: its bot token was revoked or is wrong",
    remedy:
      "update the token of the account in gateway.json or its botTokenFile (BotFather: /token); the account restarts on reload",
  },
  "telegram-webhook-set": {
    meaning: "a webhook was set on the account's bot while it was polling",
    remedy: "nothing: the gateway removes it and returns to polling; find out who sets webhooks on this bot",
  },
  "telegram-conflict": {
    meaning: "another process polls the account's bot (409 Conflict)",
    remedy:
      "stop the other process using this bot token (another gateway, a test script), or give this account its own bot",
  },
  "telegram-unavailable": {
    meaning: "Telegram answers 5xx or 429 to getUpdates, or the call failed on the network",
    remedy: "nothing to change: the gateway retries with backoff",
  },
  "telegram-unreachable": {
    meaning: "the Telegram API cannot be reached from the host",
    remedy:
      "check the network, DNS and proxy settings of the host, and TELEGRAM_API_ROOT; the gateway retries",
  },
  "telegram-response-too-large": {
    meaning:
      "an answer of the Telegram Bot API was larger than TELEGRAM_RESPONSE_MAX_BYTES: refused while it arrived, never parsed",
    remedy:
      "check TELEGRAM_API_ROOT points at the Bot API (not a proxy that answers something else); raise TELEGRAM_RESPONSE_MAX_BYTES only if real answers are that large; the gateway retries",
  },
  "telegram-rich-refused": {
    meaning:
      "Telegram refused a rich message (404: the Bot API server does not know sendRichMessage, or a 400 about the rich content); the answer went out as HTML",
    remedy:
      'run a Bot API server of version 10.1 or later (an older self-hosted telegram-bot-api does not know sendRichMessage), or set richMessages: "off" on the account; answers go out as HTML until the gateway restarts',
  },
  "telegram-file-failed": {
    meaning:
      "a file a message carries (a voice note, a picture) could not be read: getFile or its download failed",
    remedy:
      "nothing to change when rare: the asker is told to type the question; if frequent, check the network to TELEGRAM_API_ROOT (a local Bot API server in --local mode serves files from its own disk, not over HTTP)",
  },
  "account-failed": {
    meaning: "the account failed for another reason (the log names the error)",
    remedy: "see the error; the gateway retries the account with backoff",
  },
  "webhook-not-removed": {
    meaning: "the bot still has a webhook after deleteWebhook, so it cannot poll",
    remedy: "remove it with the Bot API method deleteWebhook, or run `wiki-gateway doctor --fix`",
  },
} as const satisfies ErrorCatalogue;

export type AccountCode = keyof typeof ACCOUNT_CODES;
