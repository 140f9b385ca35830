import { describe, expect, it } from "vitest";
import { html, resolveLanguage, textsFor, textsIn } from "../../../src/i18n/index.js";

describe("the language a user is answered in", () => {
  it.each([
    [["ru"], "ru"],
    [["ru-RU"], "ru"],
    [["RU"], "ru"],
    [["de-AT"], "de"],
    [["es-419"], "es"],
    [["en_US"], "en"],
    [["zh-hans"], "zh"],
    [["zh-Hant-TW"], "zh"],
    [["zh-CN"], "zh"],
    // No catalogue for the asker's language: the agent's, else English.
    [["pt-br", "de"], "de"],
    [["pt-br", "zh-hans"], "zh"],
    [["pt-br", undefined], "en"],
    [["uk", "fr"], "en"],
    [[undefined, "es"], "es"],
    [["", "ru"], "ru"],
    [[undefined, undefined], "en"],
    [[], "en"],
    // The asker's language comes first.
    [["ru", "de"], "ru"],
  ] as Array<[Array<string | undefined>, string]>)("%j → %s", (tags, language) => {
    expect(resolveLanguage(...tags)).toBe(language);
    expect(textsFor(tags[0], tags[1]).language).toBe(language);
  });
});

describe("plural forms", () => {
  const pages = (language: "en" | "ru" | "de" | "es" | "zh", count: number) =>
    textsIn(language).t("search.found", { count, query: "q" });

  it("Russian: 1, 21, 101 / 2–4, 22–24 / 5–20, 25, 111", () => {
    expect(pages("ru", 1)).toBe("1 страница по запросу «q»:");
    expect(pages("ru", 21)).toBe("21 страница по запросу «q»:");
    expect(pages("ru", 101)).toBe("101 страница по запросу «q»:");
    for (const n of [2, 3, 4, 22, 34]) expect(pages("ru", n)).toBe(`${n} страницы по запросу «q»:`);
    for (const n of [0, 5, 11, 12, 14, 19, 20, 25, 111, 112])
      expect(pages("ru", n)).toBe(`${n} страниц по запросу «q»:`);
  });

  it("English, German and Spanish: one and other", () => {
    expect(pages("en", 1)).toBe("1 page about “q”:");
    expect(pages("en", 2)).toBe("2 pages about “q”:");
    expect(pages("en", 0)).toBe("0 pages about “q”:");
    expect(pages("de", 1)).toBe("1 Seite zu „q“:");
    expect(pages("de", 5)).toBe("5 Seiten zu „q“:");
    expect(pages("es", 1)).toBe("1 página sobre «q»:");
    expect(pages("es", 3)).toBe("3 páginas sobre «q»:");
  });

  it("Chinese: one form for every number", () => {
    expect(pages("zh", 1)).toBe("与“q”相关的页面（1 个）：");
    expect(pages("zh", 7)).toBe("与“q”相关的页面（7 个）：");
  });

  it("a Russian hour count: 1 час, 2 часа, 5 часов", () => {
    const valid = (count: number) => textsIn("ru").t("pairing.validAskLater", { count });
    expect(valid(1)).toMatch(/^Код действует 1 час\./);
    expect(valid(3)).toMatch(/^Код действует 3 часа\./);
    expect(valid(5)).toMatch(/^Код действует 5 часов\./);
  });
});

describe("filling a message in", () => {
  it("escapes every parameter for Telegram HTML, except markup marked as html()", () => {
    const en = textsIn("en");
    expect(en.t("notFound.wiki", { question: "<b>x</b> & y" })).toBe(
      "I found nothing about “&lt;b&gt;x&lt;/b&gt; &amp; y” in the wiki.",
    );
    expect(en.t("edit.created", { link: html('<a href="https://w/x">X &amp; Y</a>') })).toBe(
      'Created: <a href="https://w/x">X &amp; Y</a>',
    );
  });

  it("keeps the catalogue's own markup and fills numbers in as written", () => {
    expect(textsIn("de").t("whoami.user", { id: 123456789 })).toBe(
      "Ihre Benutzer-ID: <code>123456789</code>",
    );
  });

  it("gives each language's name in the reader's language", () => {
    expect(textsIn("ru").languageName("en")).toBe("английский");
    expect(textsIn("de").languageName("ru")).toBe("Russisch");
    expect(textsIn("zh").languageName("en")).toBe("英语");
    expect(textsIn("en").languageName("zh-Hans")).toMatch(/^Simplified Chinese|^Chinese/);
    expect(textsIn("en").languageName("not a tag!")).toBe("not a tag!");
  });

  it("checks keys and parameters at compile time (typecheck fails on a wrong call)", () => {
    const en = textsIn("en");
    const wrongCalls = () => [
      // @ts-expect-error: not a key of the catalogues
      en.t("no.such.key"),
      // @ts-expect-error: "search.found" needs its count and query
      en.t("search.found"),
      // @ts-expect-error: a count is a number
      en.t("search.found", { count: "3", query: "q" }),
      // @ts-expect-error: "tap.expired" takes no parameters
      en.t("tap.expired", { x: 1 }),
    ];
    expect(wrongCalls).toBeTypeOf("function");
    expect(en.t("tap.expired")).toBe("This choice has expired. Please ask your question again.");
  });
});
