import type { Update } from "grammy/types";

/**
 * The envelope every Telegram update has: an object with a safe-integer `update_id`. This is all
 * that is checked of an update that arrives (getUpdates) or is read back (the journal); its body is
 * read field by field, defensively, by `toInboundMessage`, whatever it holds.
 */
export function isUpdate(value: unknown): value is Update {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return "update_id" in value && Number.isSafeInteger(value.update_id);
}
