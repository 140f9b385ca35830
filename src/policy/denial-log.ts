import type { InboundMessage } from "../core/inbound-message.js";
import type { Logger } from "../log/logger.js";
import type { Decision, DenyReason } from "./decision.js";
import type { InlineSender } from "./evaluate-inline.js";

export interface DenialLoggerOptions {
  /** At most one line per (account, chat, reason) per interval. */
  intervalMs?: number;
  now?: () => number;
  /** Called for every denial, logged or not (metrics). Must not throw. */
  onDenied?: (reason: DenyReason, account: string) => void;
}

export interface DenialLogger {
  /** Logs a denial unless the same (account, chat, reason) was logged within the interval.
   *  Returns whether a line was written. Allowed decisions are ignored (false). */
  record(msg: InboundMessage, decision: Decision): boolean;
  /**
   * Logs a denied inline query (`inline query denied`, with account, senderId and reason; never
   * the words), rate-limited per (account, sender, reason): a user typing sends one per keystroke.
   */
  recordInline(sender: InlineSender, reason: DenyReason): boolean;
}

/**
 * Every dropped message has a reason an operator can find (access-policy.md): one info line
 * `message denied` with account, chatId, chatType, senderId, reason (and threadId in a forum
 * topic), rate-limited per
 * (account, chat, reason). The next line after a quiet period carries `suppressed`, the number of
 * denials not logged since the previous line. Message text is never logged.
 */
export function createDenialLogger(logger: Logger, options: DenialLoggerOptions = {}): DenialLogger {
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  const seen = new Map<string, { loggedAt: number; suppressed: number }>();

  function prune(at: number): void {
    if (seen.size < 10_000) return;
    for (const [k, v] of seen) if (at - v.loggedAt >= intervalMs) seen.delete(k);
  }

  /** Counts the denial, and logs it unless its key was logged within the interval. */
  function note(key: string, reason: DenyReason, fields: Record<string, unknown>, message: string): boolean {
    try {
      options.onDenied?.(reason, String(fields.account));
    } catch {
      // Counting must never stop the logging of a denial.
    }
    const at = now();
    const entry = seen.get(key);
    if (entry && at - entry.loggedAt < intervalMs) {
      entry.suppressed += 1;
      return false;
    }
    prune(at);
    const line: Record<string, unknown> = { ...fields, reason };
    if (entry && entry.suppressed > 0) line.suppressed = entry.suppressed;
    logger.info(line, message);
    seen.set(key, { loggedAt: at, suppressed: 0 });
    return true;
  }

  return {
    record(msg, decision) {
      if (decision.allow) return false;
      const key = `${msg.account}\u0000${msg.chatId}\u0000${decision.reason}`;
      const fields: Record<string, unknown> = {
        account: msg.account,
        chatId: msg.chatId,
        chatType: msg.chatType,
        senderId: msg.senderId,
        ...(decision.cause !== undefined ? { cause: decision.cause } : {}),
      };
      if (msg.threadId !== undefined) fields.threadId = msg.threadId;
      return note(key, decision.reason, fields, "message denied");
    },
    recordInline(sender, reason) {
      const key = `${sender.account}\u0000inline:${sender.senderId ?? ""}\u0000${reason}`;
      return note(key, reason, { account: sender.account, senderId: sender.senderId }, "inline query denied");
    },
  };
}
