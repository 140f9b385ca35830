import { beforeAll, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { languageOf } from "../../../../src/wiki/search-index/languages.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";
import { latinSpellings } from "../../../../src/wiki/search-index/russian-guesses.js";
import type { SeedPage } from "../../../../packages/sandbox/src/memory-wiki.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

const page = (name: string, description: string, say: string, code: string): SeedPage => ({
  path: `tools/${name}`,
  locale: "ru",
  title: name.replace("-", " "),
  description,
  content: `# ${name}\n\n> ${description}\n\n- ${say}:\n\n\`${code}\`\n`,
});

/** Russian pages as the tldr translation writes them: English command names, Russian prose. */
const PAGES: SeedPage[] = [
  page("git-add", "Добавить файлы в индекс.", "Подготовить файл для коммита", "git add файл"),
  page("git-commit", "Фиксировать изменения файлов.", "Зафиксировать изменения", "git commit -m сообщение"),
  page("git-push", "Отправить изменения в удалённый репозиторий.", "Отправить изменения", "git push"),
  page("docker-ps", "Вывести список контейнеров.", "Показать запущенные контейнеры", "docker ps"),
  page("systemctl", "Управлять службами.", "Запустить службу", "systemctl start служба"),
  page("sleep", "Ждать указанное время.", "Ждать пустую паузу", "sleep 5"),
];

const top = (index: SearchIndex, question: string) =>
  index.search(question, { locale: "ru", limit: 3 })[0]?.page.path;

describe("Russian words the wiki does not know", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
  });

  it("a verb made of an English tool word with a Russian prefix meets the command", () => {
    expect(top(index, "закоммитить")).toBe("tools/git-commit");
  });

  it("English tool words written in Cyrillic meet the command names", () => {
    expect(top(index, "гит пуш")).toBe("tools/git-push");
    expect(top(index, "докер контейнеры")).toBe("tools/docker-ps");
  });

  it("a word the wiki knows is not read without its prefix", () => {
    // "запустить" is on a page: it is not also read as "пустить" (the sleep page's "пустую").
    expect(index.search("запустить", { locale: "ru", limit: 3 }).map((r) => r.page.path)).toEqual([
      "tools/systemctl",
    ]);
  });

  it("guesses only in the agent's languages: an English-only agent's pages hold no Russian to meet", () => {
    const asked = (languages: string[]) =>
      parseQuery(
        "гит пуш",
        undefined,
        languages.map((l) => languageOf(l)!),
      ).guesses.size;
    expect(asked(["ru"])).toBe(2);
    expect(asked(["ru", "en"])).toBe(2);
    expect(asked(["en"])).toBe(0);
  });

  it("spells Cyrillic in the Latin letters borrowed words use", () => {
    expect(latinSpellings("коммит")).toContain("commit");
    expect(latinSpellings("линукс")).toContain("linux");
    expect(latinSpellings("юзер")).toContain("user");
  });
});
