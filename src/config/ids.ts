/**
 * Telegram identifiers as they are written in gateway.json.
 *
 * User ids are positive integers; group ids are negative integers (`-100…` for supergroups).
 * Both are kept as strings of digits; numbers are accepted and normalised.
 */
export const WILDCARD = "*";

export type UserIdVerdict = { ok: true; value: string } | { ok: false; message: string; fix: string };

/** Checks one entry of `allowFrom` / `groupAllowFrom`. `where` names the list for the fix text. */
export function checkUserId(raw: unknown, groupsPath: string): UserIdVerdict {
  const value = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof value !== "string") {
    return {
      ok: false,
      message: `must be a numeric user id as a string, got ${typeof raw}`,
      fix: 'write it like "123456789"',
    };
  }
  const text = value.trim();
  if (text === WILDCARD) return { ok: true, value: WILDCARD };
  if (looksLikeSupergroupWithoutMinus(text)) {
    return {
      ok: false,
      message: `"${text}" looks like a supergroup id missing its minus sign (supergroup ids are -100 followed by 10 digits); sender lists hold user ids only`,
      fix: `move it to ${groupsPath} as the key "-${text}"`,
    };
  }
  if (/^\d{1,20}$/.test(text) && text !== "0" && !/^0/.test(text)) return { ok: true, value: text };
  if (/^-\d+$/.test(text)) {
    return {
      ok: false,
      message: `"${text}" is a group id (negative); sender lists hold user ids only`,
      fix: `move it to ${groupsPath} as a key, e.g. "${text}": { "requireMention": true }`,
    };
  }
  if (/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/.test(text)) {
    return {
      ok: false,
      message: `"${text}" is a username; only numeric user ids are matched (usernames change and can be taken over)`,
      fix: "ask the bot /whoami from that account and put the numeric id it prints here",
    };
  }
  return {
    ok: false,
    message: `"${text}" is not a numeric Telegram user id`,
    fix: 'write a user id such as "123456789", or "*" for everyone',
  };
}

/** 13 digits starting with 100: a supergroup id (`-100…`) written without its minus sign. */
export function looksLikeSupergroupWithoutMinus(text: string): boolean {
  return /^100\d{10}$/.test(text);
}

/** A key of `groups`: a negative integer written as a string, or "*". */
export const GROUP_KEY_PATTERN = /^(\*|-\d{1,20})$/;

export function isGroupKey(key: string): boolean {
  return GROUP_KEY_PATTERN.test(key);
}

/** A key of a group's `topics`: a forum topic's thread id, a positive integer as a string ("1" = General). */
export const TOPIC_KEY_PATTERN = /^[1-9]\d{0,15}$/;

export function isTopicKey(key: string): boolean {
  return TOPIC_KEY_PATTERN.test(key);
}

export const BOT_TOKEN_PATTERN = /^\d{3,20}:[A-Za-z0-9_-]{35,}$/;

/** True for template text such as `<BOT_TOKEN>`, `YOUR_TOKEN_HERE`, `${TOKEN}`. */
export function isPlaceholderToken(token: string): boolean {
  return /^<.*>$/.test(token) || /^\$\{.*\}$/.test(token) || /your|token|changeme|xxx/i.test(token);
}
