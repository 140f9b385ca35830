import { describe, expect, it } from "vitest";
import { layoutTwin, transliterated } from "../../../../src/wiki/search-index/keyboard-layout.js";
import { LETTER_PAIRS } from "../../../../src/wiki/search-index/letter-pairs.js";
import { isSlip, letterCost, SLIP } from "../../../../src/wiki/search-index/plausibility.js";

const bits = (text: string, locale: string) => letterCost(text, locale)?.bits ?? Number.NaN;

describe("letter statistics", () => {
  it("words of a language cost fewer bits than the same keys on the other layout", () => {
    for (const [text, locale, twinLocale] of [
      ["отпуск за свой счёт", "ru", "en"],
      ["перепустка на парковку", "uk", "en"],
      ["vacation request form", "en", "ru"],
      ["Urlaubsantrag stellen", "de", "ru"],
    ] as const) {
      const twin = layoutTwin(text)!;
      expect(bits(twin, twinLocale), twin).toBeGreaterThan(bits(text, locale) + SLIP.margin);
    }
  });

  it("reads only the words of its table's script, and knows the language's stop words", () => {
    expect(letterCost("如何 vpn", "ru")).toBeUndefined();
    expect(letterCost("vpn отпуск", "ru")).toEqual(letterCost("отпуск", "ru"));
    // "как" and "the" are stop words: known, they cost nothing, and lower the text's mean.
    expect(bits("как отпуск", "ru")).toBeLessThan(bits("отпуск", "ru"));
    expect(letterCost("the", "en")).toEqual({ bits: 0, pairs: 4 });
    expect(letterCost("anything", "xx")).toBeUndefined();
  });

  it("a letter of the script the table lacks costs much: German's ö in English", () => {
    expect(bits("löschen", "en")).toBeGreaterThan(bits("löschen", "de") + 1);
  });

  it("every table has a row and a column per letter and for the word's edge", () => {
    for (const [locale, table] of Object.entries(LETTER_PAIRS)) {
      const size = [...table.letters].length + 1;
      expect(table.rows, locale).toHaveLength(size);
      for (const row of table.rows) expect([...row], locale).toHaveLength(size);
    }
  });
});

describe("a slip: implausible as typed, its twin plausible in the other language", () => {
  it("Russian on the English layout and English on the Russian layout are slips", () => {
    expect(isSlip("rfr cjplfnm fh[bd", "как создать архив")).toBe(true);
    expect(isSlip("ghbdtn", "привет")).toBe(true);
    expect(isSlip("рщц ещ гтвщ ф сщььше", "how to undo a commit")).toBe(true);
  });

  it("Russian in Latin letters is a slip of its transliteration", () => {
    const typed = "kak skachat fajl po ssylke";
    expect(isSlip(typed, transliterated(typed)!)).toBe(true);
  });

  it("a correct question is no slip, however little a wiki holds in its language", () => {
    expect(isSlip("как взять отпуск?", "rfr dpznm jngecr?")).toBe(false);
    expect(isSlip("how many vacation days", layoutTwin("how many vacation days")!)).toBe(false);
    expect(isSlip("how many vacation days", transliterated("how many vacation days")!)).toBe(false);
  });

  it("Polish, Czech and Croatian are no Russian in Latin letters, with or without their accents", () => {
    for (const typed of [
      "Zapomniałem hasła",
      "Jak si vzít dovolenou",
      "Kako vzamem dopust",
      "Jak wziac urlop",
    ])
      expect(isSlip(typed, transliterated(typed)!), typed).toBe(false);
  });

  it("too few letters say nothing: a short tool name is taken as typed", () => {
    // "jq" reads badly as English, and its twin "ой" is a Russian word.
    expect(isSlip("jq", "ой")).toBe(false);
  });

  it("a text holding another script's letters was typed with its input method on", () => {
    expect(isSlip("用git怎么回滚", "用пше怎么回滚")).toBe(false);
  });

  it("a twin in the same script, or with no letters, is no slip", () => {
    expect(isSlip("rfr cjplfnm", "rfr cjplfnm")).toBe(false);
    expect(isSlip("123 456", "123 456")).toBe(false);
  });

  it("a twin that reads only a little better than the typed text is no slip", () => {
    // Both read as plausible English: neither is a slip of the other.
    expect(isSlip("free disk space", "fresh disk space")).toBe(false);
  });
});
