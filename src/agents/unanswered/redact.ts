/**
 * What a question may carry that is nobody else's business, replaced before it leaves the state
 * directory (the editors' wiki page and chat digest): e-mail addresses, tokens and secrets (a JWT,
 * a Telegram bot token, a long run of letters and digits mixed, a `key=value` secret), and
 * numbers that look like a phone or a card number (7 digits or more, spaces, dots, dashes,
 * brackets and a leading + allowed between them). Shorter numbers (a year, a version, a room, an
 * error code) are kept: they are what a question is often about. Pure; idempotent.
 */
export function redactQuestion(text: string): string {
  return text
    .replace(JWT, REDACTED.token)
    .replace(BOT_TOKEN, REDACTED.token)
    .replace(EMAIL, REDACTED.email)
    .replace(SECRET_ASSIGNMENT, (_, key: string) => `${key}${REDACTED.token}`)
    .replace(LONG_NUMBER, (match) => (digits(match) >= 7 ? REDACTED.number : match))
    .replace(MIXED_TOKEN, (match) => (/\d/.test(match) && /[A-Za-z]/.test(match) ? REDACTED.token : match));
}

/** What each kind of personal data becomes. */
export const REDACTED = { email: "[e-mail]", number: "[number]", token: "[token]" } as const;

const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const BOT_TOKEN = /\b\d{6,12}:[\w-]{30,}/g;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const SECRET_ASSIGNMENT = /\b((?:password|passwd|pwd|token|secret|api[_-]?key|пароль)\s*[:=]\s*)\S+/giu;
/** A run of digits with the separators phone and card numbers are written with. */
const LONG_NUMBER = /\+?\(?\d[\d\s().-]{5,}\d/g;
/** 20 characters or more without a space, of letters, digits, _ and - (a key, a session id). */
const MIXED_TOKEN = /\b[A-Za-z0-9_-]{20,}\b/g;

function digits(text: string): number {
  return text.replace(/\D/g, "").length;
}
