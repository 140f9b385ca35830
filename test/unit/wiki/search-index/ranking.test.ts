import { beforeAll, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { loadHandbookPages } from "../../../helpers/memory-wiki.js";

/**
 * Questions in plain words and the page that answers them; the pages are the team handbook's
 * (packages/sandbox/fixtures/handbook), edge cases included, so the odd pages compete too.
 */
const KNOWN: Array<[string, string]> = [
  ["how do I undo the last git commit", "handbook/engineering/git-workflow"],
  ["how many vacation days do I get", "handbook/people/holidays"],
  ["how do I roll back a broken deploy", "handbook/engineering/rollback"],
  ["get my money back for a book I bought", "handbook/people/expenses"],
  ["generate a new ssh key pair", "handbook/security/access"],
  ["how do I declare an incident", "handbook/engineering/incident-process"],
  ["how long are backups kept", "handbook/engineering/backups"],
  ["I lost my laptop", "handbook/security/laptop-security"],
  ["turn on two-factor authentication", "handbook/security/passwords"],
  ["how do I book a meeting room", "handbook/office/meeting-rooms"],
];

describe("ranking on the team handbook", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    const wiki = await loadHandbookPages();
    index = createSearchIndex();
    await index.build(wiki, { concurrency: 4 });
    expect(index.stats().pages).toBeGreaterThanOrEqual(50);
  });

  it.each(KNOWN)("%s → %s first", (question, path) => {
    const [first] = index.search(question);
    expect(first?.page.path).toBe(path);
  });

  it("returns the page's best passages for the question", () => {
    const [first] = index.search("undo the last commit");
    expect(first!.passages[0]!.text).toMatch(/undo/i);
    expect(first!.passages.length).toBeLessThanOrEqual(3);
    expect(first!.coverage).toBeGreaterThan(0.5);
  });

  it("finds a tool by its name, with a typo too", () => {
    expect(index.search("pagerduty")[0]?.page.path).toBe("handbook/engineering/on-call");
    expect(index.search("how to use ssh-keygn")[0]?.page.path).toBe("handbook/security/access");
    expect(index.search("postmortm template")[0]?.page.path).toBe("handbook/engineering/postmortems");
  });

  it("understands synonyms and compounds", () => {
    // The page says "Remove the flag", and "rollback" / "postmortem" are one word in the pages.
    expect(index.search("delete a feature flag")[0]?.page.path).toBe("handbook/engineering/feature-flags");
    expect(index.search("how do I rollback")[0]?.page.path).toBe("handbook/engineering/rollback");
    expect(index.search("write a post mortem")[0]?.page.path).toBe("handbook/engineering/postmortems");
  });

  it("scores nonsense low: little of the question is covered", () => {
    const [first] = index.search("chocolate cake recipe with strawberries");
    expect(first === undefined || first.coverage < 0.5).toBe(true);
    expect(index.search("the of and")).toEqual([]);
    expect(index.search("")).toEqual([]);
  });

  it("limits results to a section and a locale; duplicate titles stay apart", () => {
    const all = index.search("who is on call", { limit: 20 }).map((r) => r.page.path);
    expect(all).toEqual(expect.arrayContaining(["handbook/engineering/on-call", "handbook/support/on-call"]));
    const support = index.search("who is on call", { section: "handbook/support", limit: 20 });
    expect(support[0]?.page.path).toBe("handbook/support/on-call");
    for (const r of support) expect(r.page.path.startsWith("handbook/support/")).toBe(true);
    expect(index.search("who is on call", { locale: "fr" })).toEqual([]);
    expect(index.search("who is on call", { limit: 2 })).toHaveLength(2);
  });
});
