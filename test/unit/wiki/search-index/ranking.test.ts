import { beforeAll, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { loadTldrPages } from "../../../helpers/memory-wiki.js";

/** Questions in plain words and the page that answers them; the pages are among ~400 tldr pages. */
const KNOWN: Array<[string, string]> = [
  ["how do I extract a tar.gz archive", "tldr/common/tar"],
  ["show disk usage of a folder", "tldr/common/du"],
  ["find files by name", "tldr/common/find"],
  ["search for a text pattern inside files", "tldr/common/grep"],
  ["generate a new ssh key pair", "tldr/common/ssh-keygen"],
  ["change the owner of a file", "tldr/common/chown"],
  ["list running processes", "tldr/common/ps"],
  ["create a symbolic link", "tldr/common/ln"],
  ["count the lines in a file", "tldr/common/wc"],
  ["clone a git repository", "tldr/common/git-clone"],
];

describe("ranking on tldr pages", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    const extra = ["tldr/common/rsync", "tldr/linux/shutdown"];
    const wiki = await loadTldrPages(400, { include: [...KNOWN.map(([, path]) => path), ...extra] });
    index = createSearchIndex();
    await index.build(wiki, { concurrency: 4 });
    expect(index.stats().pages).toBeGreaterThanOrEqual(400);
  });

  it.each(KNOWN)("%s → %s first", (question, path) => {
    const [first] = index.search(question);
    expect(first?.page.path).toBe(path);
  });

  it("returns the page's best passages for the question", () => {
    const [first] = index.search("extract a tar.gz archive");
    expect(first!.passages[0]!.text).toMatch(/Extract/);
    expect(first!.passages.length).toBeLessThanOrEqual(3);
    expect(first!.coverage).toBeGreaterThan(0.5);
  });

  it("finds a command by its name, with a typo too", () => {
    expect(index.search("rsync")[0]?.page.path).toBe("tldr/common/rsync");
    expect(index.search("how to use ssh-keygn")[0]?.page.path).toBe("tldr/common/ssh-keygen");
  });

  it("understands synonyms and compounds", () => {
    // tldr says "directory", never "folder"; and "shutdown" is one word.
    expect(index.search("size of a folder")[0]?.page.path).toMatch(/^tldr\/(common|osx)\/du$/);
    expect(index.search("how do I shut down")[0]?.page.path).toBe("tldr/linux/shutdown");
  });

  it("scores nonsense low: little of the question is covered", () => {
    const [first] = index.search("chocolate cake recipe with strawberries");
    expect(first === undefined || first.coverage < 0.5).toBe(true);
    expect(index.search("the of and")).toEqual([]);
    expect(index.search("")).toEqual([]);
  });

  it("limits results to a section and a locale", () => {
    const all = index.search("list files", { limit: 20 });
    expect(all.some((r) => r.page.path.startsWith("tldr/common/"))).toBe(true);
    const linux = index.search("list files", { section: "tldr/linux", limit: 20 });
    expect(linux.length).toBeGreaterThan(0);
    for (const r of linux) expect(r.page.path.startsWith("tldr/linux/")).toBe(true);
    expect(index.search("list files", { locale: "fr" })).toEqual([]);
    expect(index.search("list files", { limit: 2 })).toHaveLength(2);
  });
});
