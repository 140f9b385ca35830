import { beforeAll, describe, expect, it } from "vitest";
import { createAnswerer } from "../../../../src/agents/answer.js";
import { resolveAgentSettings } from "../../../../src/agents/agent-settings.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { RankedPage, SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { searchWithTwins, TWINS } from "../../../../src/wiki/search-index/twins.js";
import { createMemoryWiki, loadHandbookPages } from "../../../helpers/memory-wiki.js";
import { TRANSLATED_PAGES } from "../../../helpers/translated-pages.js";

const first = (index: SearchIndex, question: string, locale: string) =>
  index.lookup(question, { locale, limit: 3 });

describe("questions in the wiki's languages, and on the wrong keyboard", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(TRANSLATED_PAGES));
  });

  it("a Russian question finds the Russian page, whatever the word's form", () => {
    const found = first(index, "как удалить папку с содержимым", "ru");
    expect(found.pages[0]?.page).toMatchObject({ path: "tools/rm", locale: "ru" });
    expect(found.searchedFor).toBeUndefined();
    expect(first(index, "настройки сети", "ru").pages[0]?.page.path).toBe("tools/nastroyka");
  });

  it("a Chinese question mixed with English without spaces finds the Chinese page", () => {
    expect(first(index, "rsync同步目录", "zh").pages[0]?.page).toMatchObject({
      path: "tools/rsync",
      locale: "zh",
    });
    expect(first(index, "怎么查看磁盘剩余空间", "zh").pages[0]?.page.path).toBe("tools/df");
  });

  it("a German question finds the German page with or without umlauts", () => {
    expect(first(index, "Verzeichnis loschen", "de").pages[0]?.page).toMatchObject({
      path: "tools/rm",
      locale: "de",
    });
  });

  it("Russian typed on the English layout is searched as its twin, and says so", () => {
    const found = first(index, "rfr cjplfnm fh[bd", "ru");
    expect(found.searchedFor).toBe("как создать архив");
    expect(found.pages[0]?.page).toMatchObject({ path: "tools/tar", locale: "ru" });
    expect(first(index, "gjrfpfnm cdj,jlyjt vtcnj yf lbcrt", "ru").pages[0]?.page.path).toBe("tools/df");
  });

  it("Russian in Latin letters is searched as Russian", () => {
    const found = first(index, "kak skachat fajl po ssylke", "ru");
    expect(found.searchedFor).toBe("как скачать файл по ссылке");
    expect(found.pages[0]?.page).toMatchObject({ path: "tools/curl", locale: "ru" });
  });

  it("the answer tells the user what was searched", async () => {
    const wiki = createMemoryWiki(TRANSLATED_PAGES);
    const answerer = createAnswerer({ index, wiki });
    const agent = resolveAgentSettings(
      "ru",
      { section: "", locale: "ru", editors: [], answerLength: 1200 },
      "https://wiki.example.com",
    );
    const answer = await answerer.answer("rfr cjplfnm fh[bd", agent);
    expect(answer.searchedFor).toBe("как создать архив");
    expect(answer.html).toContain("Showing results for «как создать архив»");
    expect((await answerer.answer("как создать архив", agent)).searchedFor).toBeUndefined();
  });
});

describe("a correctly typed question never gets worse", () => {
  const ranked = (coverage: number) => [{ coverage } as RankedPage];

  it("a question its best page covers whole is searched once, as typed", () => {
    const asked: string[] = [];
    const typed = ranked(1);
    const outcome = searchWithTwins(
      "ghbdtn",
      (text) => (asked.push(text), text === "ghbdtn" ? typed : ranked(1)),
    );
    expect(asked).toEqual(["ghbdtn"]);
    expect(outcome).toEqual({ pages: typed });
  });

  it("a twin that finds only a little more, or little in all, is not used; one clearly better is", () => {
    const typed = ranked(0.5);
    const little = 0.5 + TWINS.margin - 0.01;
    const outcome = searchWithTwins("ghbdtn", (text) => (text === "ghbdtn" ? typed : ranked(little)));
    expect(outcome.pages).toBe(typed);
    expect(outcome.searchedFor).toBeUndefined();
    const tooLittle = ranked(TWINS.least - 0.01);
    expect(
      searchWithTwins("ghbdtn", (text) => (text === "ghbdtn" ? [] : tooLittle)).searchedFor,
    ).toBeUndefined();
    const clearly = ranked(0.5 + TWINS.margin);
    expect(searchWithTwins("ghbdtn", (text) => (text === "ghbdtn" ? typed : clearly))).toEqual({
      pages: clearly,
      searchedFor: "привет",
    });
  });

  it("keeps its own results on the handbook: no twin is used", async () => {
    const index = createSearchIndex();
    await index.build(await loadHandbookPages(), { concurrency: 4 });
    for (const question of [
      "how do I undo the last git commit",
      "how many vacation days do I get",
      "generate a new ssh key pair",
      "turn on two-factor authentication",
      "vpn",
      "expenses",
      "gdpr data request",
      "where is the wifi password",
      "I lost my laptop",
    ])
      expect(index.lookup(question, { limit: 5 }).searchedFor, question).toBeUndefined();
  });
});
