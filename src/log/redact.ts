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
