import { beforeAll, describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { languageWithoutPages, writtenIn } from "../../../src/agents/question-language.js";
import { textsFor } from "../../../src/i18n/index.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import type { IndexedPage, SearchIndex } from "../../../src/wiki/search-index/index-types.js";
import { readHandbookPages } from "../../../packages/sandbox/src/handbook.js";
import { createMemoryWiki, type MemoryWiki } from "../../helpers/memory-wiki.js";
import { TRANSLATED_PAGES } from "../../helpers/translated-pages.js";

const agentOf = (locale: string | string[], section = "") =>
  resolveAgentSettings(
    "main",
    { section, locale, editors: [], answerLength: 1200 },
    "https://wiki.example.com",
  );

const page = (locale: string, path: string) => ({ locale, path }) as IndexedPage;

describe("the language a question's letters tell", () => {
  it("Cyrillic is Russian, or Ukrainian by its own letters; Han Chinese, with kana Japanese", () => {
    expect(writtenIn("как взять отпуск?")).toBe("ru");
    expect(writtenIn("як взяти відпустку")).toBe("uk");
    expect(writtenIn("怎么请假")).toBe("zh");
    expect(writtenIn("休暇の取り方")).toBe("ja");
    expect(writtenIn("휴가 신청")).toBe("ko");
    expect(writtenIn("Urlaub beantragen")).toBeUndefined();
  });
});

describe("a question in a language none of the agent's pages is in", () => {
  it("is told by the agent's locales, else by its pages within its section", () => {
    const none = () => [];
    expect(languageWithoutPages("как взять отпуск?", agentOf("en"), none)).toBe("ru");
    expect(languageWithoutPages("как взять отпуск?", agentOf(["en", "ru"]), none)).toBe("ru");
    const ru = () => [page("ru", "tools/tar")];
    expect(languageWithoutPages("как взять отпуск?", agentOf(["en", "ru"]), ru)).toBeUndefined();
    expect(languageWithoutPages("как взять отпуск?", agentOf("*"), ru)).toBeUndefined();
    expect(languageWithoutPages("как взять отпуск?", agentOf("*", "handbook"), ru)).toBe("ru");
    expect(languageWithoutPages("vacation", agentOf("en"), none)).toBeUndefined();
  });
});

describe("a Russian question to a wiki with no Russian page", () => {
  let wiki: MemoryWiki;
  let index: SearchIndex;

  beforeAll(async () => {
    wiki = createMemoryWiki(await readHandbookPages({ edgeCases: false }));
    index = createSearchIndex();
    await index.build(wiki);
  });

  it("gets the honest note in the asker's language, never a twin's results", async () => {
    const answerer = createAnswerer({ index, wiki });
    const answer = await answerer.answer("как взять отпуск?", agentOf("en"));
    expect(answer.searchedFor).toBeUndefined();
    expect(answer.html).not.toContain("Showing results for");
    expect(answer.html).toContain("No page here is in Russian: try asking in English.");
    const inRussian = await answerer.answer("как взять отпуск?", agentOf("en"), {
      account: "default",
      texts: textsFor("ru"),
    });
    expect(inRussian.html).toContain("Здесь нет страниц на этом языке (русский)");
  });

  it("a wiki with pages in the question's language keeps the usual hint", async () => {
    const translated = createMemoryWiki(TRANSLATED_PAGES);
    const translatedIndex = createSearchIndex();
    await translatedIndex.build(translated);
    const answerer = createAnswerer({ index: translatedIndex, wiki: translated });
    const answer = await answerer.answer("как взять отпуск?", agentOf(["ru", "en"]));
    expect(answer.found).toBe(false);
    expect(answer.html).toContain("Try other words");
  });
});
