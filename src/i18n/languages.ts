import type { Catalogue, MessageKey } from "./catalogue.js";
import { de } from "./catalogues/de.js";
import { en } from "./catalogues/en.js";
import { es } from "./catalogues/es.js";
import { ru } from "./catalogues/ru.js";
import { zh } from "./catalogues/zh.js";

/**
 * The languages the bot speaks: one catalogue each, keyed by its ISO 639-1 code (what Telegram's
 * `language_code` starts with, and what setMyCommands takes). Adding a language: its catalogue in
 * `catalogues/<code>.ts`, one line here, one line in docs/i18n.md.
 */
export const CATALOGUES = {
  en,
  ru,
  de,
  es,
  zh,
} as const satisfies Record<string, Catalogue>;

export type Language = keyof typeof CATALOGUES;

export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

export const DEFAULT_LANGUAGE: Language = "en";

/** A key of the catalogues (for keys made at run time, such as `menu.<command>`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES.en, key);
}

/**
 * The catalogue language of an IETF tag as Telegram and gateway.json write them (`ru`, `ru-RU`,
 * `pt-br`, `zh-hans`, `en_US`): its primary language subtag, case ignored. Every Chinese tag
 * (`zh-hant`, `zh-TW` too) reads the Simplified Chinese catalogue, closer to its reader than
 * English. undefined: no catalogue for that language.
 */
export function catalogueLanguage(tag: string | undefined): Language | undefined {
  if (tag === undefined) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return Object.hasOwn(CATALOGUES, primary) ? (primary as Language) : undefined;
}

/**
 * The language to answer in: the first of `tags` (most wanted first: the asker's Telegram
 * `language_code`, then the agent's `language`) that has a catalogue, else English.
 */
export function resolveLanguage(...tags: Array<string | undefined>): Language {
  for (const tag of tags) {
    const language = catalogueLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
