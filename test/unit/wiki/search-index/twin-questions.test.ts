import { beforeAll, describe, expect, it } from "vitest";
import { projectDocsAsPages } from "../../../../packages/sandbox/src/demo/demo-docs.js";
import { readHandbookPages } from "../../../../packages/sandbox/src/handbook.js";
import { projectRoot } from "../../../../packages/sandbox/src/project-root.js";
import type { SeedPage } from "../../../../packages/sandbox/src/memory-wiki.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { isSlip } from "../../../../src/wiki/search-index/plausibility.js";
import { twinsOf } from "../../../../src/wiki/search-index/twins.js";
import { CORRECT_QUESTIONS, MISTYPED_QUESTIONS } from "../../../fixtures/twin-questions.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";
import { TRANSLATED_PAGES } from "../../../helpers/translated-pages.js";

const correct = Object.entries(CORRECT_QUESTIONS).flatMap(([language, set]) =>
  set.map((q) => ({ ...q, language })),
);
const layoutSlips = MISTYPED_QUESTIONS.filter((q) => q.meant !== undefined);
const translitSlips = MISTYPED_QUESTIONS.filter((q) => q.kind === "translit");

/** The demo's wiki without the tldr pages: the team handbook and the project's own docs. */
async function demoWiki(): Promise<SeedPage[]> {
  const handbook = (await readHandbookPages({ edgeCases: false })).map(({ file: _file, ...page }) => page);
  return [...handbook, ...(await projectDocsAsPages(projectRoot()))];
}

describe("correctly typed questions are never read as twins", () => {
  it("none of them reads as a slip of its layout or transliteration twin, on any wiki", () => {
    const twinned = correct.filter((q) => twinsOf(q.typed).some((twin) => isSlip(q.typed, twin)));
    expect(twinned.map((q) => `${q.language}: ${q.typed}`)).toEqual([]);
    expect(correct.length).toBeGreaterThanOrEqual(200);
  });

  describe("searched on wikis with few or no pages in their language", () => {
    let demo: SearchIndex;
    let translated: SearchIndex;

    beforeAll(async () => {
      demo = createSearchIndex();
      await demo.build(createMemoryWiki(await demoWiki()), { concurrency: 4 });
      translated = createSearchIndex();
      await translated.build(createMemoryWiki(TRANSLATED_PAGES));
    });

    it("the demo's English wiki, asked by an English agent and by one of every locale", () => {
      for (const locales of [["en"], ["*"]]) {
        const twinned = correct.filter((q) => demo.lookup(q.typed, { locales, limit: 5 }).searchedFor);
        expect(
          twinned.map((q) => q.typed),
          locales.join(),
        ).toEqual([]);
      }
    });

    it("a wiki of a few pages in English, Russian, German and Chinese, in the question's locale", () => {
      const twinned = correct.filter(
        (q) => translated.lookup(q.typed, { locale: q.language, limit: 5 }).searchedFor,
      );
      expect(twinned.map((q) => q.typed)).toEqual([]);
    });
  });
});

describe("questions typed on the wrong layout, or in Latin letters, are still recovered", () => {
  it("each layout slip reads as one of what was meant", () => {
    const missed = layoutSlips.filter(
      (q) => !isSlip(q.typed, q.meant!) || !twinsOf(q.typed).includes(q.meant!),
    );
    expect(missed.map((q) => q.typed)).toEqual([]);
    expect(layoutSlips.length).toBeGreaterThanOrEqual(60);
  });

  it("transliterations read as Russian when they read as no Latin-letter language", () => {
    const read = translitSlips.filter((q) => twinsOf(q.typed).some((twin) => isSlip(q.typed, twin)));
    // Russian in Latin letters often reads as Croatian, Czech or English letters too ("ne rabotaet
    // printer"): such a question is taken as typed. Half of them are still read as Russian.
    expect(read.length / translitSlips.length).toBeGreaterThanOrEqual(0.5);
  });

  it("on a wiki whose pages are titled as meant, each layout slip finds the page meant", async () => {
    const pages = layoutSlips.map((q, i) => ({
      path: `faq/q${i}`,
      locale: q.kind === "ru-on-en-layout" ? "ru" : "en",
      title: q.meant!,
      description: q.meant!,
      content: `# ${q.meant!}\n\n${q.meant!}\n`,
    }));
    const index = createSearchIndex();
    await index.build(createMemoryWiki(pages));
    const lost = layoutSlips.filter((q, i) => {
      const found = index.lookup(q.typed, { locale: pages[i]!.locale, limit: 5 });
      return found.searchedFor !== q.meant || found.pages[0]?.page.path !== pages[i]!.path;
    });
    expect(lost.map((q) => q.typed)).toEqual([]);
  });
});
