import type { en } from "./catalogues/en.js";
import type { PluralForms } from "./message.js";

/** English, the reference: its keys are every catalogue's keys. */
export type English = typeof en;
export type MessageKey = keyof English;

/**
 * What a catalogue of another language is: every English key, no other (the compiler refuses a
 * missing or an extra key), each a template where English has one and plural forms where English
 * has them. Placeholders and plural categories are checked by test/unit/i18n/catalogues.test.ts.
 */
export type Catalogue = {
  readonly [K in MessageKey]: English[K] extends string ? string : PluralForms;
};
