import convict from "convict";

/**
 * How one process setting's text (a flag or an environment variable) is read, and which values it
 * takes. Contract: `parse` never throws: text that does not parse is returned as it is, and
 * `accepts` refuses it, so every refusal is reported the same way, with `expected` saying what to
 * give. Each format is registered with convict under `name`, so convict reads a flag or a variable
 * with `parse` instead of its own lenient conversions (`parseInt("30s")` is 30, and any text but
 * "false" is true).
 */
export interface SettingFormat {
  readonly name: string;
  /** What to give, for messages: "a whole number of seconds from 1 to 86400". */
  readonly expected: string;
  parse(text: string): unknown;
  accepts(value: unknown): boolean;
}

function defineFormat(format: SettingFormat): SettingFormat {
  convict.addFormat({
    name: format.name,
    coerce: (text: string) => format.parse(text),
    validate: (value: unknown) => {
      if (!format.accepts(value)) throw new Error(`must be ${format.expected}`);
    },
  });
  return format;
}

/**
 * A whole number from `min` to `max`, written in digits only. The bounds keep a timer's delay below
 * setTimeout's limit (about 24.8 days; a longer one fires at once) and refuse the values that make
 * a loop spin (a refresh every 0 s, a timeout of 0 ms).
 */
export function wholeNumber(min: number, max: number, unit: string): SettingFormat {
  return defineFormat({
    name: `whole-number-${min}-${max}`,
    expected: `a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`,
    parse: (text) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text),
    accepts: (value) => Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max,
  });
}

/** `true` or `false` (any case); nothing else, so `TELEGRAM_PACING=0` is refused, not read as true. */
export const TRUE_OR_FALSE = defineFormat({
  name: "true-or-false",
  expected: "true or false",
  parse: (text) => {
    const word = text.trim().toLowerCase();
    return word === "true" ? true : word === "false" ? false : text;
  },
  accepts: (value) => typeof value === "boolean",
});

/** One of the listed words. */
export function oneOf(words: readonly string[]): SettingFormat {
  return defineFormat({
    name: `one-of-${words.join("-")}`,
    expected: `one of ${words.join(", ")}`,
    parse: (text) => text.trim(),
    accepts: (value) => typeof value === "string" && words.includes(value),
  });
}

/** Any text that is not empty (a path, a host name). */
export const NOT_EMPTY = defineFormat({
  name: "not-empty",
  expected: "a value that is not empty",
  parse: (text) => text,
  accepts: (value) => typeof value === "string" && value.trim() !== "",
});

/** Any text, the empty string too (an optional id). */
export const ANY_TEXT = defineFormat({
  name: "any-text",
  expected: "any text",
  parse: (text) => text,
  accepts: (value) => typeof value === "string",
});

/** An absolute http:// or https:// URL. */
export const HTTP_URL = defineFormat({
  name: "http-url",
  expected: "an absolute http:// or https:// URL",
  parse: (text) => text.trim(),
  accepts: (value) => hasProtocol(value, ["http:", "https:"]),
});

/** Empty (off), or an absolute http:// or https:// URL. */
export const HTTP_URL_OR_EMPTY = defineFormat({
  name: "http-url-or-empty",
  expected: "empty, or an absolute http:// or https:// URL",
  parse: (text) => text.trim(),
  accepts: (value) => value === "" || hasProtocol(value, ["http:", "https:"]),
});

/** Empty (off), or a redis:// or rediss:// URL. */
export const REDIS_URL_OR_EMPTY = defineFormat({
  name: "redis-url-or-empty",
  expected: "empty, or a redis:// or rediss:// URL",
  parse: (text) => text.trim(),
  accepts: (value) => value === "" || hasProtocol(value, ["redis:", "rediss:"]),
});

function hasProtocol(value: unknown, protocols: readonly string[]): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.host !== "";
  } catch {
    return false;
  }
}
