import { describe, expect, it } from "vitest";
import {
  CATALOGUES,
  type Language,
  LANGUAGES,
  type Message,
  placeholdersOf,
} from "../../../src/i18n/index.js";

type AnyCatalogue = Readonly<Record<string, Message>>;

/** Integers up to this cover every plural category a count of pages, hours or characters reaches. */
const COUNTS = Array.from({ length: 1001 }, (_, n) => n);
/** The markup a catalogue may use (Telegram HTML), and the keys that are plain text. */
const TAG = /<\/?([a-z]+)[^>]*>/g;
const PLAIN = /^(menu|tap|inline)\./;

const sorted = (values: Iterable<string>) => [...values].sort();
const forms = (m: Message) => (typeof m === "string" ? [m] : Object.values(m));
const tags = (m: Message) => sorted(forms(m).flatMap((f) => [...f.matchAll(TAG)].map((t) => t[0]!)));

/**
 * What is wrong with a catalogue, measured against English: missing and extra keys, placeholders
 * that differ, a plural where English has none (or none where it has one), plural forms the
 * language does not have or lacks, a count a form hides where the number is not 1, markup that
 * differs, and plain texts with markup.
 */
function catalogueProblems(language: string, catalogue: AnyCatalogue, english: AnyCatalogue): string[] {
  const problems: string[] = [];
  const rules = new Intl.PluralRules(language);
  const categories = new Set<string>(rules.resolvedOptions().pluralCategories);
  const reached = new Set(COUNTS.map((n) => rules.select(n)));
  for (const key of Object.keys(english)) if (!(key in catalogue)) problems.push(`${key}: missing`);
  for (const [key, message] of Object.entries(catalogue)) {
    const reference = english[key];
    if (reference === undefined) {
      problems.push(`${key}: not in English`);
      continue;
    }
    const want = sorted(placeholdersOf(reference));
    const have = sorted(placeholdersOf(message));
    if (want.join() !== have.join()) problems.push(`${key}: placeholders {${have}} instead of {${want}}`);
    if (tags(message).join() !== tags(reference).join()) problems.push(`${key}: markup differs from English`);
    if (PLAIN.test(key) && /[<>&]/.test(forms(message).join())) problems.push(`${key}: markup in plain text`);
    if (typeof reference === "string" || typeof message === "string") {
      if (typeof reference !== typeof message) problems.push(`${key}: plural in one language only`);
      continue;
    }
    const shown = placeholdersOf(reference).has("count");
    for (const category of Object.keys(message)) {
      if (!categories.has(category)) problems.push(`${key}: "${category}" is no plural form of ${language}`);
    }
    for (const category of reached) {
      const form = (message as Record<string, string | undefined>)[category];
      if (form === undefined && category !== "other") problems.push(`${key}: no "${category}" form`);
      const beyondOne = COUNTS.some((n) => n !== 1 && rules.select(n) === category);
      if (shown && beyondOne && form !== undefined && !form.includes("{count}"))
        problems.push(`${key}: the "${category}" form hides the number`);
    }
  }
  return problems;
}

const english: AnyCatalogue = CATALOGUES.en;

describe("the message catalogues", () => {
  it.each(LANGUAGES.filter((l) => l !== "en"))(
    "%s has exactly English's keys, placeholders and markup",
    (language) => {
      expect(catalogueProblems(language, CATALOGUES[language as Language], english)).toEqual([]);
    },
  );

  it("English itself is well formed (its plurals and plain texts)", () => {
    expect(catalogueProblems("en", english, english)).toEqual([]);
  });

  it.each(LANGUAGES)("%s: command menu descriptions fit setMyCommands (3–256 characters)", (language) => {
    const catalogue: AnyCatalogue = CATALOGUES[language];
    const menu = Object.entries(catalogue).filter(([key]) => key.startsWith("menu."));
    expect(menu.length).toBeGreaterThan(0);
    for (const [key, text] of menu) {
      expect(typeof text, key).toBe("string");
      expect([...(text as string)].length, key).toBeGreaterThanOrEqual(3);
      expect([...(text as string)].length, key).toBeLessThanOrEqual(256);
    }
  });
});

describe("the catalogue check itself", () => {
  const base: AnyCatalogue = {
    "a.b": "Hello {name}",
    "c.d": { one: "{count} page", other: "{count} pages" },
  };

  it("passes a faithful catalogue", () => {
    const ru = {
      "a.b": "Привет, {name}",
      "c.d": {
        one: "{count} страница",
        few: "{count} страницы",
        many: "{count} страниц",
        other: "{count} страницы",
      },
    };
    expect(catalogueProblems("ru", ru, base)).toEqual([]);
  });

  it("fails on a missing key, an extra key and a placeholder mismatch", () => {
    expect(catalogueProblems("de", { "a.b": "Hallo {nme}", "x.y": "extra" }, base)).toEqual([
      "c.d: missing",
      "a.b: placeholders {nme} instead of {name}",
      "x.y: not in English",
    ]);
  });

  it("fails on Russian plurals without their few and many forms, or hiding the number of 21", () => {
    const ru = { "a.b": "Привет, {name}", "c.d": { one: "одна страница", other: "{count} страниц" } };
    expect(catalogueProblems("ru", ru, base).sort()).toEqual([
      'c.d: no "few" form',
      'c.d: no "many" form',
      'c.d: the "one" form hides the number',
    ]);
  });

  it("fails on a plural form the language does not have, and on markup that differs", () => {
    const de = {
      "a.b": "<b>Hallo</b> {name}",
      "c.d": { one: "{count} Seite", few: "{count} Seiten", other: "{count} Seiten" },
    };
    expect(catalogueProblems("de", de, base)).toEqual([
      "a.b: markup differs from English",
      'c.d: "few" is no plural form of de',
    ]);
  });
});
