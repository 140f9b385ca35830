import { WILDCARD } from "../config/schema.js";

/** A sender list: `"*"` (everyone) or numeric user ids as strings of digits. */
export interface SenderList {
  everyone: boolean;
  ids: ReadonlySet<string>;
}

/** Normalises a configured list. Entries other than `"*"` and positive integers match nobody. */
export function senderList(entries: readonly (string | number)[]): SenderList {
  const ids = new Set<string>();
  let everyone = false;
  for (const entry of entries) {
    const text = typeof entry === "number" && Number.isSafeInteger(entry) ? String(entry) : entry;
    if (typeof text !== "string") continue;
    const trimmed = text.trim();
    if (trimmed === WILDCARD) everyone = true;
    else if (/^\d+$/.test(trimmed) && /[1-9]/.test(trimmed)) ids.add(normaliseInteger(trimmed));
  }
  return { everyone, ids };
}

export function listed(list: SenderList, sender: string): boolean {
  return list.everyone || list.ids.has(sender);
}

/** "-00123" → "-123", "0042" → "42": one spelling per id. */
export function normaliseInteger(text: string): string {
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, "");
  return negative ? `-${digits}` : digits;
}
