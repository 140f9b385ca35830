import { GrammyError } from "grammy";
import type { Logger } from "../log/logger.js";
import { ACCOUNT_CODES, type AccountCode } from "./account-codes.js";

/** The code of the log line that says an account's rich messages were refused (account-codes.ts). */
export const RICH_REFUSED_CODE = "telegram-rich-refused" satisfies AccountCode;

/**
 * A Telegram answer refusing a rich message itself, not where it was to go: the Bot API server
 * does not know the method (404, an older self-hosted server), or a 400 about the rich content
 * (its blocks, rich text, HTML or limits). A 400 about the chat, the topic or the replied message
 * is not one: those are handled as for any message.
 */
export function isRichRefusal(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  if (error.error_code === 404) return true;
  return (
    error.error_code === 400 &&
    /rich|InputRichBlock|RichText|PageBlock|method not found|unknown method/i.test(error.description)
  );
}

/**
 * Whether an account still tries rich messages. Contract: open until the first refusal
 * (isRichRefusal); then closed until the process restarts, so every later answer goes out as
 * HTML at once. The refusal is logged once, as a warning with its code and remedy.
 */
export interface RichGate {
  open(): boolean;
  refused(error: unknown): void;
}

export function createRichGate(log: Logger): RichGate {
  let closed = false;
  return {
    open: () => !closed,
    refused(error) {
      if (closed) return;
      closed = true;
      log.warn(
        {
          code: RICH_REFUSED_CODE,
          reason: error instanceof GrammyError ? error.description : String(error),
          remedy: ACCOUNT_CODES[RICH_REFUSED_CODE].remedy,
        },
        "Telegram refused a rich message; this account sends HTML until restarted",
      );
    },
  };
}
