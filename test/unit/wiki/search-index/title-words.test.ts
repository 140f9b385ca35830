import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../../../src/wiki/search-index/engine.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { processTerm } from "../../../../src/wiki/search-index/analyzer.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";
import { rankPages } from "../../../../src/wiki/search-index/rank.js";
import { fetchInto } from "../../../../src/wiki/search-index/sync.js";
import { TITLE_WORDS } from "../../../../src/wiki/search-index/title-words.js";
import { createMemoryWiki, type SeedPage } from "../../../helpers/memory-wiki.js";

const tool = (name: string, description: string, content: string): SeedPage => ({
  path: `tools/${name}`,
  title: name,
  description,
  content,
});

/**
 * `make` is an everyday word in the other pages' prose ("Make a directory"); `chmod` and `zip`
 * are written in code only.
 */
const PAGES: SeedPage[] = [
  tool(
    "make",
    "Run the build script in a Makefile.",
    "- Call the first target:\n\n`make`\n\n- Call a specific target:\n\n`make target`",
  ),
  tool(
    "chmod",
    "Change the access permissions of a file or a script, for its owner, its group or the other users of the system.",
    "- Make a shell script executable for its owner:\n\n`chmod u+x path/to/script.sh`",
  ),
  tool("mkdir", "Make directories.", "- Make a directory:\n\n`mkdir path/to/directory`"),
  tool("touch", "Make an empty file.", "- Make a file:\n\n`touch path/to/file`"),
  tool("cp", "Copy files.", "- Make a copy of a file:\n\n`cp path/to/file path/to/copy`"),
  tool("ln", "Make links between files.", "- Make a symbolic link:\n\n`ln -s path/to/file path/to/link`"),
  tool("mkfifo", "Make named pipes.", "- Make a pipe:\n\n`mkfifo path/to/pipe`"),
  tool(
    "zip",
    "Make an archive.",
    "- Make an archive of a directory:\n\n`zip -r archive.zip path/to/directory`",
  ),
  tool("useradd", "Make a new user.", "- Make a user:\n\n`useradd name`"),
];

async function built() {
  const index = createSearchIndex();
  await index.build(createMemoryWiki(PAGES));
  return index;
}

const scoreOf = (ranked: Array<{ page: { path: string }; score: number }>, path: string) =>
  ranked.find((r) => r.page.path === path)?.score ?? 0;

describe("title words: an everyday word in a page's title is weaker evidence than a command name", () => {
  afterEach(() => {
    TITLE_WORDS.enabled = true;
  });

  it("weighs each title word by its code share over the other pages", async () => {
    const engine = new Engine();
    const wiki = createMemoryWiki(PAGES);
    await fetchInto(engine, wiki, await wiki.listPages(), { concurrency: 1 });
    const { terms } = engine.freeze();
    const weight = (word: string) => {
      const id = engine.dict.find(processTerm(word)!)!;
      terms.prepare(id);
      return terms.title[id]!;
    };
    // "make": in the prose of 8 other pages' passages and 6 of their descriptions, in none of their code.
    expect(weight("make")).toBeCloseTo((1 / 15) ** TITLE_WORDS.exponent, 6);
    expect(weight("make")).toBeLessThan(0.75);
    // "zip": no other page uses it; "archive" titles no page.
    expect(weight("zip")).toBe(1);
    expect(weight("archive")).toBe(1);
  });

  it("are worked out per term when a search first needs them, not for every term at freeze", async () => {
    const engine = new Engine();
    const wiki = createMemoryWiki(PAGES);
    await fetchInto(engine, wiki, await wiki.listPages(), { concurrency: 1 });
    const { terms } = engine.freeze();
    const make = engine.dict.find(processTerm("make")!)!;
    expect(terms.title[make]).toBe(1);
    rankPages(engine, parseQuery("make target"), undefined, 5);
    expect(terms.title[make]).toBeCloseTo((1 / 15) ** TITLE_WORDS.exponent, 6);
  });

  it("a question using the everyday word finds the page that answers it, not the page named so", async () => {
    const index = await built();
    const ranked = index.search("make a script executable");
    expect(ranked[0]!.page.path).toBe("tools/chmod");
    // The page named `make` keeps its title credit for a question that names the tool.
    expect(index.search("make target")[0]!.page.path).toBe("tools/make");

    TITLE_WORDS.enabled = false;
    const unweighted = (await built()).search("make a script executable");
    // Without the signal the `make` page scores far more, the `chmod` page the same.
    expect(scoreOf(unweighted, "tools/make")).toBeGreaterThan(1.2 * scoreOf(ranked, "tools/make"));
    expect(scoreOf(unweighted, "tools/chmod")).toBeCloseTo(scoreOf(ranked, "tools/chmod"), 6);
  });
});
