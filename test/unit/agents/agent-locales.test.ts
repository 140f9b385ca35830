import { beforeAll, describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { findPage } from "../../../src/agents/commands/page-ref.js";
import { agentSchema } from "../../../src/config/schema.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";
import { TRANSLATED_PAGES } from "../../helpers/translated-pages.js";

const URL = "https://wiki.example.com";
const agentWith = (locale: unknown) => resolveAgentSettings("a", agentSchema.parse({ locale }), URL);

describe("an agent over several locales", () => {
  it("takes a locale, a list of them, or '*', and refuses an empty list or a malformed code", () => {
    expect(agentWith("ru")).toMatchObject({ locale: "ru", locales: ["ru"] });
    expect(agentWith(["ru", "en"])).toMatchObject({ locale: "ru", locales: ["ru", "en"] });
    expect(agentWith("*")).toMatchObject({ locale: "en", locales: ["*"] });
    expect(agentSchema.safeParse({ locale: [] }).success).toBe(false);
    expect(agentSchema.safeParse({ locale: ["ru", "Russian"] }).success).toBe(false);
  });

  const wiki = createMemoryWiki(TRANSLATED_PAGES);
  const index = createSearchIndex();
  beforeAll(() => index.build(wiki));

  it("answers from each of its locales, a question in the language it is written in", async () => {
    const answerer = createAnswerer({ index, wiki });
    const both = agentWith(["ru", "en"]);
    expect((await answerer.answer("как удалить папку", both)).sources[0]).toMatchObject({
      path: "tools/rm",
      locale: "ru",
    });
    expect((await answerer.answer("remove a directory", both)).sources[0]).toMatchObject({
      path: "tools/rm",
      locale: "en",
    });
    const only = agentWith("de");
    expect((await answerer.answer("как удалить папку", only)).sources.every((s) => s.locale === "de")).toBe(
      true,
    );
    const any = agentWith("*");
    expect((await answerer.answer("rsync同步目录", any)).sources[0]).toMatchObject({
      path: "tools/rsync",
      locale: "zh",
    });
  });

  it("/page finds the page in its first locale that has it", async () => {
    expect((await findPage(wiki, agentWith(["de", "ru"]), "tools/df"))?.locale).toBe("ru");
    expect((await findPage(wiki, agentWith(["de", "ru"]), "tools/rm"))?.locale).toBe("de");
  });
});
