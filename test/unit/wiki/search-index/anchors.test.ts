import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../../src/wiki/search-index/settings.js";
import { anchorsConsistent, outgoingAnchors } from "../../../../src/wiki/search-index/anchors.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import { splitPassages } from "../../../../src/wiki/search-index/passages.js";
import { TermDictionary } from "../../../../src/wiki/search-index/term-dictionary.js";
import { createMemoryWiki, type SeedPage } from "../../../helpers/memory-wiki.js";

/** The anchors a page gives, as "key: terms" lines. */
function anchorsOf(title: string, content: string, description = ""): string[] {
  const dict = new TermDictionary();
  const { keys, docs } = outgoingAnchors(
    { title, description },
    splitPassages(content, { title, description }),
    dict,
  );
  let at = 0;
  return keys.map((key) => {
    const ids = [...docs.subarray(at + 2, at + 2 + docs[at + 1]!)];
    at += 2 + ids.length;
    return `${key}: ${ids.map((id) => dict.term(id)).join(" ")}`;
  });
}

describe("anchors a page gives", () => {
  it("an example's description goes to the command its code invokes", () => {
    expect(
      anchorsOf(
        "logview",
        "- Show the newest entries upside down:\n\n`tac /var/log/app.log | logview --color`",
      ),
    ).toEqual(["tac: show newest entri upsid down"]);
  });

  it("gives nothing to its own family: itself, its umbrella command, its siblings", () => {
    const content = [
      "- Save the changes:\n\n`git stash push`",
      "- Commit them:\n\n`git commit -m {{message}}`",
      "- Or with the hyphenated name:\n\n`git-commit -m x`",
    ].join("\n\n");
    expect(anchorsOf("git stash", content)).toEqual([]);
    expect(anchorsOf("git-stash", content)).toEqual([]);
  });

  it("link text goes to the linked path; a See also line gives the page's description", () => {
    expect(anchorsOf("handbook", "Read the [leave and holiday rules](/ops/vacation).")).toEqual([
      "path:ops/vacation: leav holidai rule",
    ]);
    expect(anchorsOf("sed", "> Edit text in a scriptable manner.\n> See also: `awk`.", "Edit text.")).toEqual(
      ["awk: edit text"],
    );
  });
});

const TAC: SeedPage = {
  path: "tools/tac",
  title: "tac",
  description: "Print files in reverse.",
  content: "- Print a file in reverse:\n\n`tac path/to/file`",
};
const CAT: SeedPage = {
  path: "tools/cat",
  title: "cat",
  description: "Print files.",
  content: "- Print a file:\n\n`cat path/to/file`",
};
const LOGVIEW: SeedPage = {
  path: "tools/logview",
  title: "logview",
  description: "Colour log files.",
  content: "- Show the newest entries upside down:\n\n`tac /var/log/app.log | logview --color`",
};

describe("anchors a page receives", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "anchors-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const scoreOf = (index: ReturnType<typeof createSearchIndex>, question: string, path: string) =>
    index.search(question, { limit: 10 }).find((r) => r.page.path === path);

  it("add to the score of the page other pages' words describe, not to its coverage", async () => {
    expect(DEFAULT_SETTINGS.anchors.weight).toBeGreaterThan(0);
    const wiki = createMemoryWiki([TAC, CAT, LOGVIEW]);
    const index = createSearchIndex();
    await index.build(wiki);
    const question = "print a file upside down";
    // tac's own words say "print" and "file" as cat's do; "upside down" is in logview's words only.
    expect(index.search(question)[0]!.page.path).toBe("tools/tac");
    const tac = scoreOf(index, question, "tools/tac")!;
    const cat = scoreOf(index, question, "tools/cat")!;
    expect(tac.score).toBeGreaterThan(cat.score);
    expect(tac.coverage).toBe(cat.coverage);

    // Removing the referring page removes its anchors: tac falls back to cat's level.
    index.removePage([...wiki.pages.values()].find((p) => p.path === LOGVIEW.path)!.id);
    const after = scoreOf(index, question, "tools/tac")!;
    expect(after.score).toBeLessThan(tac.score);
    expect(after.coverage).toBe(tac.coverage);
  });

  it("survive save and load, and are gathered again after a change to the loaded index", async () => {
    const wiki = createMemoryWiki([TAC, CAT, LOGVIEW]);
    const built = createSearchIndex();
    await built.build(wiki);
    const file = join(dir, "search.idx");
    await built.save(file);
    const loaded = createSearchIndex();
    expect(await loaded.load(file)).toBe(true);
    const question = "print a file upside down";
    expect(scoreOf(loaded, question, "tools/tac")!.score).toBe(scoreOf(built, question, "tools/tac")!.score);

    // After a change, the anchors are gathered again from the loaded pages and the new one,
    // exactly as a fresh build of the same pages gathers them.
    const journal: SeedPage = {
      path: "tools/journal",
      title: "journal",
      description: "Read the journal.",
      content: "- Read it upside down, newest first:\n\n`journal --all | tac`",
    };
    loaded.upsertPage(wiki.add(journal));
    const fresh = createSearchIndex();
    await fresh.build(createMemoryWiki([TAC, CAT, LOGVIEW, journal]));
    const withJournal = scoreOf(fresh, question, "tools/tac")!.score;
    expect(scoreOf(loaded, question, "tools/tac")!.score).toBe(withJournal);
    expect(withJournal).toBeGreaterThan(scoreOf(built, question, "tools/tac")!.score);
  });
});

describe("anchors read back from a saved index", () => {
  // Layout: per key, [kind, n, n term ids].
  const docs = (...values: number[]) => Uint32Array.from(values);

  it("are trusted only when every record is whole, of a known kind, and names known terms", () => {
    expect(anchorsConsistent({ keys: ["tar", "path:x"], docs: docs(0, 2, 4, 5, 1, 0) }, 10)).toBe(true);
    expect(anchorsConsistent({ keys: [], docs: docs() }, 10)).toBe(true);
    // A term id the dictionary does not have.
    expect(anchorsConsistent({ keys: ["tar"], docs: docs(0, 2, 4, 10) }, 10)).toBe(false);
    // An unknown kind.
    expect(anchorsConsistent({ keys: ["tar"], docs: docs(7, 1, 4) }, 10)).toBe(false);
    // Cut short, or more records than keys.
    expect(anchorsConsistent({ keys: ["tar"], docs: docs(0, 3, 4) }, 10)).toBe(false);
    expect(anchorsConsistent({ keys: ["tar"], docs: docs(0, 1, 4, 0, 1, 4) }, 10)).toBe(false);
  });
});
