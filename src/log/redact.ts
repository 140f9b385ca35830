/**
 * Secret scrubbing for everything that is written to a log or shown to a person.
 *
 * Contract: `redactSecrets(text)` returns `text` with every Telegram bot token
 * (`<digits>:<35+ url-safe chars>`, also inside URLs such as `/bot123:ABC.../getUpdates`),
 * every JWT (`eyJ....`) and every `Bearer` credential replaced by a marker. It is idempotent.
 */
const BOT_TOKEN = /\b\d{5,}:[A-Za-z0-9_-]{30,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /(Bearer\s+)[^\s"',;]+/gi;

export const REDACTED = "[redacted]";

export function redactSecrets(text: string): string {
  return text
    .replace(BEARER, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(BOT_TOKEN, (token) => `${token.slice(0, token.indexOf(":"))}:${REDACTED}`);
}

const API_KEY =
  /\b(?:sk|pk|rk|ak)-[A-Za-z0-9_-]{16,}|\b(?:gh[pousr]_|github_pat_|glpat-|xox[abposr]-|AIza|AKIA)[A-Za-z0-9_-]{12,}/g;
const KEY_VALUE =
  /\b((?:api[_-]?key|access[_-]?token|secret|password|passwd|token)\s*[:=]\s*)["']?[^\s"',;]+/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** International numbers (+ and 7 to 15 digits, spaced or not) and bracketed area codes. */
const PHONE = /\+\d(?:[\s.()-]{0,2}\d){6,14}|\(\d{2,5}\)[\s.-]?\d{2,4}(?:[\s.-]?\d{2,4}){1,2}/g;
/** Telegram user and chat ids, and any other run of six or more digits (unformatted phone numbers too). */
const LONG_NUMBER = /-?\b\d{6,}\b/g;

/**
 * `redactSecrets`, then what else must not be kept from a person's text: API keys (by their
 * usual prefixes, and `key=value` forms), e-mail addresses, phone numbers, and runs of six or
 * more digits (Telegram user and chat ids). For prompts and replies, which hold what people
 * typed; idempotent. Dates, versions and short numbers stay.
 */
export function redactPersonal(text: string): string {
  return redactSecrets(text)
    .replace(API_KEY, REDACTED)
    .replace(KEY_VALUE, `$1${REDACTED}`)
    .replace(EMAIL, "[e-mail]")
    .replace(PHONE, "[phone]")
    .replace(LONG_NUMBER, "[number]");
}

/** Deep copy of a JSON-like value with every string scrubbed by `redactSecrets`. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value instanceof Error) {
    const out: Record<string, unknown> = {
      type: value.name,
      message: redactSecrets(value.message),
    };
    if (value.stack) out.stack = redactSecrets(value.stack);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out.code = code;
    const remedy = (value as { remedy?: unknown }).remedy;
    if (typeof remedy === "string") out.remedy = redactSecrets(remedy);
    if (value.cause !== undefined) out.cause = redactValue(value.cause, depth + 1);
    return out;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactValue(item, depth + 1);
    }
    return out;
  }
  return value;
}

const SECRET_KEYS = new Set(["bottoken", "token", "authorization", "password", "secret", "jwt"]);
