import type { English, MessageKey } from "./catalogue.js";
import { CATALOGUES, type Language, resolveLanguage } from "./languages.js";
import { formatMessage, type Message, type ParamsOf, type ParamValue } from "./message.js";

/** `t(key)` for a message without placeholders, `t(key, { ... })` with exactly its parameters. */
export type ParamsArg<K extends MessageKey> = [keyof ParamsOf<English[K]>] extends [never]
  ? []
  : [params: ParamsOf<English[K]>];

/** What a user is told, in one language. */
export interface Texts {
  readonly language: Language;
  /** The message `key` filled in (Telegram HTML; string parameters escaped, see message.ts). */
  t<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string;
  /**
   * The message `key` as plain text, parameters as given (for a rich message's text, which is no
   * HTML); only for messages without markup of their own.
   */
  plain<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string;
  /** A language's name in this language ("английский" for `en` in Russian); the code itself when unknown. */
  languageName(tag: string): string;
}

const made = new Map<Language, Texts>();

/** The texts of one language (made once, then shared: they hold no state). */
export function textsIn(language: Language): Texts {
  const known = made.get(language);
  if (known) return known;
  const catalogue: Readonly<Record<MessageKey, Message>> = CATALOGUES[language];
  // ICU's plural rules and language names are made on first use: a process that only frames an
  // answer (`wiki-gateway ask`) may need neither, and making them costs a good part of its start.
  let rules: Intl.PluralRules | undefined;
  const plurals = () => (rules ??= new Intl.PluralRules(language));
  let names: Intl.DisplayNames | undefined;
  const texts: Texts = {
    language,
    t(key, ...params) {
      const values: Readonly<Record<string, ParamValue>> = params[0] ?? {};
      return formatMessage(catalogue[key], values, plurals);
    },
    plain(key, ...params) {
      const values: Readonly<Record<string, ParamValue>> = params[0] ?? {};
      return formatMessage(catalogue[key], values, plurals, (text) => text);
    },
    languageName(tag) {
      try {
        names ??= new Intl.DisplayNames([language], { type: "language", fallback: "code" });
        return names.of(tag) ?? tag;
      } catch {
        return tag; // not a well-formed tag
      }
    },
  };
  made.set(language, texts);
  return texts;
}

/**
 * The texts for someone asking: in their Telegram `language_code` when there is a catalogue
 * for it, else in the agent's `language`, else in English.
 */
export function textsFor(userLanguage: string | undefined, agentLanguage?: string): Texts {
  return textsIn(resolveLanguage(userLanguage, agentLanguage));
}
