import { ACCOUNT_CODES, type AccountCode } from "./account-codes.js";
import { GrammyError, HttpError } from "grammy";
import { errorMessage } from "../errors.js";

export type FailureKind = "unauthorized" | "conflict" | "webhook" | "network" | "other";

export interface ClassifiedFailure {
  kind: FailureKind;
  code: string;
  message: string;
  remedy: string;
}

/** What a polling failure means for the account and what the operator should do about it. */
export function classifyFailure(account: string, error: unknown): ClassifiedFailure {
  if (error instanceof GrammyError) {
    if (error.error_code === 401) {
      return {
        kind: "unauthorized",
        code: "telegram-unauthorized" satisfies AccountCode,
        message: `the token of account ${account} was revoked or is wrong (401 Unauthorized)`,
        remedy: `update the token of account ${account} in gateway.json or its botTokenFile (BotFather: /token); the account restarts on reload`,
      };
    }
    if (error.error_code === 409 && /webhook/i.test(error.description)) {
      return {
        kind: "webhook",
        code: "telegram-webhook-set" satisfies AccountCode,
        message: `a webhook was set on the bot of account ${account} while it was polling`,
        remedy:
          "nothing: the gateway removes it and returns to polling; find out who sets webhooks on this bot",
      };
    }
    if (error.error_code === 409) {
      return {
        kind: "conflict",
        code: "telegram-conflict" satisfies AccountCode,
        message: `another process polls the bot of account ${account} (409 Conflict)`,
        remedy:
          "stop the other process using this bot token (another gateway, a test script), or give this account its own bot",
      };
    }
    if (error.error_code >= 500 || error.error_code === 429) {
      return {
        kind: "network",
        code: "telegram-unavailable" satisfies AccountCode,
        message: `Telegram answers ${error.error_code} to account ${account}: ${error.description}`,
        remedy: "nothing to change: the gateway retries with backoff",
      };
    }
  }
  if (error instanceof HttpError && isOverSize(error.error)) {
    return {
      kind: "network",
      code: "telegram-response-too-large" satisfies AccountCode,
      message: `an answer of the Telegram API to account ${account} was larger than TELEGRAM_RESPONSE_MAX_BYTES and was refused`,
      remedy: ACCOUNT_CODES["telegram-response-too-large"].remedy,
    };
  }
  if (error instanceof HttpError) {
    return {
      kind: "network",
      code: "telegram-unreachable" satisfies AccountCode,
      message: `the Telegram API cannot be reached from account ${account}: ${errorMessage(error)}`,
      remedy:
        "check the network, DNS and proxy settings of the host, and TELEGRAM_API_ROOT; the gateway retries",
    };
  }
  const code = (error as { code?: unknown })?.code;
  const remedy = (error as { remedy?: unknown })?.remedy;
  return {
    kind: "other",
    code: typeof code === "string" ? code : ("account-failed" satisfies AccountCode),
    message: `account ${account} failed: ${errorMessage(error)}`,
    remedy:
      typeof remedy === "string" ? remedy : "see the error; the gateway retries the account with backoff",
  };
}

/** node-fetch's refusal of a body past its `size` bound (account-bot.ts sets it). */
function isOverSize(cause: unknown): boolean {
  return (cause as { type?: unknown } | undefined)?.type === "max-size";
}

/** A failure worth retrying the same update later (Telegram or the network, not the content). */
export function isTransient(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  return error instanceof GrammyError && (error.error_code >= 500 || error.error_code === 429);
}
