import { beforeAll, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import type { SeedPage } from "../../../../packages/sandbox/src/memory-wiki.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

const page = (locale: string, name: string, description: string, say: string): SeedPage => ({
  path: `tools/${name}`,
  locale,
  title: name,
  description,
  content: `# ${name}\n\n> ${description}\n\n- ${say}:\n\n\`${name}\`\n`,
});

const PAGES: SeedPage[] = [
  page("de", "journal", "Folge der Log-Datei eines Dienstes.", "Folge der Log-Datei"),
  page("de", "setup", "Richte das System ein.", "Richte einen Dienst ein"),
  page("en", "7z", "An archiver with a high compression ratio.", "Archive a file"),
  page("en", "md5", "Compute a checksum.", "Compute the checksum of a file"),
];

const paths = (index: SearchIndex, question: string, locale: string) =>
  index.lookup(question, { locale, limit: 5 }).pages.map((r) => r.page.path);

/** What the guards keep a question from being read as; each finds its page when typed. */
describe("words that are not guessed at", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
  });

  it("two words written as one are no tool name (md 5hash → md5hash is not md5)", () => {
    expect(paths(index, "md5hash", "en")).toEqual(["tools/md5"]);
    expect(paths(index, "md 5hash", "en")).toEqual([]);
  });

  it("a keyboard-layout twin is not split, read without its particle or read as a tool name", () => {
    // Typed as is, each question finds its page; on the Russian layout, its twin is the same
    // letters but is taken as written.
    expect(paths(index, "logdatei", "de")).toEqual(["tools/journal"]);
    expect(paths(index, "дщпвфеуш", "de")).toEqual([]);
    expect(paths(index, "einrichten", "de")).toEqual(["tools/setup"]);
    expect(paths(index, "ушткшсреут", "de")).toEqual([]);
    expect(paths(index, "7zip", "en")).toEqual(["tools/7z"]);
    expect(paths(index, "7яшз", "en")).toEqual([]);
  });
});
