import { describe, expect, it } from "vitest";
import {
  localeOrder,
  pageLanguageNote,
  preferredLocale,
  preferTranslations,
} from "../../../src/agents/asker-locales.js";
import { textsFor } from "../../../src/i18n/index.js";

const agent = (locales: string[]) => ({ locale: locales[0] === "*" ? "en" : locales[0]!, locales });

describe("the asker's language among an agent's locales", () => {
  it("is preferred when the agent answers from several locales and from the asker's", () => {
    expect(preferredLocale(agent(["ru", "en"]), "en-GB")).toBe("en");
    expect(preferredLocale(agent(["ru", "en"]), "ru")).toBe("ru");
    expect(preferredLocale(agent(["*"]), "de")).toBe("de");
    expect(preferredLocale(agent(["ru", "en"]), "fr")).toBeUndefined();
    expect(preferredLocale(agent(["ru", "en"]), undefined)).toBeUndefined();
    // One locale: nothing to prefer.
    expect(preferredLocale(agent(["ru"]), "en")).toBeUndefined();
  });

  it("orders page look-ups: the asker's locale, then the agent's in order", () => {
    expect(localeOrder(agent(["ru", "en", "de"]), "de")).toEqual(["de", "ru", "en"]);
    expect(localeOrder(agent(["ru", "en"]), undefined)).toEqual(["ru", "en"]);
    expect(localeOrder(agent(["*"]), "zh")).toEqual(["zh", "en"]);
  });

  it("keeps one translation per path, the preferred, at the place of the first", () => {
    const pages = [
      { path: "tools/tar", locale: "en" },
      { path: "tools/htop", locale: "en" },
      { path: "tools/tar", locale: "ru" },
      { path: "tools/ls", locale: "de" },
    ];
    expect(preferTranslations(pages, ["ru", "en"], (p) => p)).toEqual([
      { path: "tools/tar", locale: "ru" },
      { path: "tools/htop", locale: "en" },
      { path: "tools/ls", locale: "de" },
    ]);
  });

  it("notes a page in another language than the asker's, in the asker's language", () => {
    const ru = textsFor("ru");
    expect(pageLanguageNote(agent(["ru", "en"]), "ru", "en", ru)).toBe(
      "Эта страница на другом языке: английский.",
    );
    expect(pageLanguageNote(agent(["ru", "en"]), "en-US", "en", textsFor("en"))).toBeUndefined();
    expect(pageLanguageNote(agent(["en"]), "ru", "en", ru)).toBeUndefined();
    expect(pageLanguageNote(agent(["*"]), "de", "ru", textsFor("de"))).toBe("Diese Seite ist auf Russisch.");
  });
});
