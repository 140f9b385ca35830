import { type PacingLimits, type RateWindow, TELEGRAM_RATES } from "./rate-windows.js";

/** A group's id is negative (Telegram); a chat key is the chat id as a string. */
export const isGroupChat = (chat: string): boolean => chat.startsWith("-");

/** Milliseconds between two messages to `chat` that its rates allow over time (a group: 3 s). */
export function chatIntervalMs(chat: string, limits: PacingLimits = TELEGRAM_RATES): number {
  const every = (w: RateWindow) => w.ms / w.count;
  return isGroupChat(chat)
    ? Math.max(every(limits.groupChat), every(limits.groupMinute))
    : every(limits.privateChat);
}

/** Messages a minute `chat` takes at its pace (a group: 20). */
export function chatPerMinute(chat: string, limits: PacingLimits = TELEGRAM_RATES): number {
  return Math.floor(60_000 / chatIntervalMs(chat, limits));
}

/**
 * How many questions of a chat may wait and still be answered within `boundMs`, one message
 * each at the chat's pace (a group at 120 s: 40). 0 or a negative bound: no bound (Infinity).
 */
export function chatCapacity(
  boundMs: number,
  limits: PacingLimits = TELEGRAM_RATES,
): (chat: string) => number {
  if (boundMs <= 0) return () => Infinity;
  return (chat) => Math.max(1, Math.floor(boundMs / chatIntervalMs(chat, limits)));
}
