import { beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../../../src/wiki/search-index/engine.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { rankingSettings } from "../../../../src/wiki/search-index/settings.js";
import { fetchInto } from "../../../../src/wiki/search-index/sync.js";
import { createMemoryWiki, type SeedPage } from "../../../helpers/memory-wiki.js";

const page = (section: string, name: string, description: string, content: string): SeedPage => ({
  path: `${section}/${name}`,
  title: name,
  description,
  content,
});

/**
 * Three sections of three pages or more; the clipboard tools say what they do, never their
 * platform; `uname` is the one page whose text says "linux".
 */
const PAGES: SeedPage[] = [
  page(
    "linux",
    "xclip",
    "Copy text to the clipboard from the command line.",
    "- Copy the output of a command to the clipboard:\n\n`echo 123 | xclip -selection clipboard`",
  ),
  page(
    "linux",
    "wl-copy",
    "Copy text to the Wayland clipboard.",
    '- Copy text to the clipboard:\n\n`wl-copy "text"`',
  ),
  page("linux", "free", "Show free memory.", "- Show memory:\n\n`free -h`"),
  page(
    "osx",
    "pbcopy",
    "Copy text to the clipboard.",
    "- Copy the contents of a file to the clipboard:\n\n`pbcopy < path/to/file`",
  ),
  page("osx", "open", "Open files.", "- Open a file:\n\n`open path/to/file`"),
  page("osx", "say", "Speak text.", '- Say a phrase:\n\n`say "hello"`'),
  page(
    "common",
    "cb",
    "Cut, copy and paste text on the clipboard.",
    '- Copy text to the clipboard:\n\n`cb copy "text"`',
  ),
  page("common", "cat", "Print files.", "- Print a file:\n\n`cat path/to/file`"),
  page("common", "ls", "List files.", "- List files:\n\n`ls`"),
  page(
    "common",
    "uname",
    "Print details about the current machine.",
    "- Print the Linux kernel release:\n\n`uname -r`",
  ),
];

const found = (index: SearchIndex, question: string) =>
  Object.fromEntries(index.search(question, { limit: 10 }).map((r) => [r.page.path, r]));

describe("section words: a folder named in the question is a preference, not a word to cover", () => {
  let index: SearchIndex;
  /** The same pages ranked with no section preference (settings are values: a second index). */
  let noPreference: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
    noPreference = createSearchIndex({ settings: rankingSettings({ sectionWords: { preference: 0 } }) });
    await noPreference.build(createMemoryWiki(PAGES));
  });

  it("are the words of many pages' paths that are not their titles", async () => {
    const engine = new Engine();
    const wiki = createMemoryWiki(PAGES);
    await fetchInto(engine, wiki, await wiki.listPages(), { concurrency: 1 });
    const { terms } = engine.freeze();
    const ids = Array.from({ length: engine.dict.size }, (_, t) => t);
    const named = ids.filter((t) => terms.isSection(t)).map((t) => engine.dict.term(t));
    expect(named.sort()).toEqual(["common", "linux", "osx"]);
  });

  it("are left out of coverage: a page outside the section still covers the whole question", () => {
    const ranked = found(index, "copy text to the clipboard on linux");
    expect(ranked["common/cb"]!.coverage).toBe(1);
    expect(ranked["osx/pbcopy"]!.coverage).toBe(1);
    expect(index.search("copy text to the clipboard on linux")[0]!.page.path).toMatch(/^linux\//);
  });

  it("prefer the section's pages, also when named through a synonym (mac → osx)", () => {
    expect(index.search("copy text to the clipboard on mac")[0]!.page.path).toBe("osx/pbcopy");
    const preferred = found(index, "copy text to the clipboard on mac");
    const plain = found(noPreference, "copy text to the clipboard on mac");
    expect(preferred["osx/pbcopy"]!.score / plain["osx/pbcopy"]!.score).toBeCloseTo(4, 6);
    expect(preferred["linux/xclip"]!.score / plain["linux/xclip"]!.score).toBeCloseTo(1, 6);
    // The path word itself earns no term score, so the preference is all the section adds.
    expect(plain["osx/pbcopy"]!.score).toBeLessThan(plain["linux/wl-copy"]!.score);
  });

  it("never return a page that matches only the section word: it answers nothing that was asked", () => {
    // "zebra" is on no page: every page under linux/ matches "linux" alone, by its path.
    expect(index.search("zebra on linux", { limit: 10 })).toEqual([]);
    for (const r of index.search("copy zebra on linux", { limit: 10 })) expect(r.score).toBeGreaterThan(0);
  });

  it("count as ordinary words when the question has nothing else, with finite scores", () => {
    for (const question of ["linux", "osx linux"]) {
      const results = index.search(question, { limit: 10 });
      expect(results[0]?.page.path).toBe("common/uname");
      for (const r of results) {
        expect(Number.isFinite(r.score)).toBe(true);
        expect(r.score).toBeGreaterThan(0);
        expect(Number.isFinite(r.coverage)).toBe(true);
      }
    }
  });
});
