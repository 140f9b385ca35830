import { describe, expect, it } from "vitest";
import { numberPassages } from "../../../src/agents/grounded-answer.js";
import { answerMessages } from "../../../src/models/prompts.js";
import type { RankedPage } from "../../../src/wiki/search-index/index.js";

const ranked = (n: number, passages: number, description = ""): RankedPage => ({
  page: { id: n, path: `p${n}`, locale: "en", title: `Page ${n}`, description, updatedAt: "" },
  score: 1 / n,
  coverage: 1,
  passages: Array.from({ length: passages }, (_, i) => ({
    index: i,
    heading: "",
    markdown: `page ${n} passage ${i} \`cmd-${n}-${i}\``,
    text: `page ${n} passage ${i}`,
    code: `cmd-${n}-${i}`,
    score: 1,
  })),
});

describe("the passages a grounded answer reads", () => {
  it("gives the best passage of each of five pages, then second passages of the leading pages, eight in all, grouped by page", () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => ranked(n, 3));
    const numbered = numberPassages(pages);
    expect(numbered.map((p) => p.text)).toEqual([
      "page 1 passage 0 `cmd-1-0`",
      "page 1 passage 1 `cmd-1-1`",
      "page 2 passage 0 `cmd-2-0`",
      "page 2 passage 1 `cmd-2-1`",
      "page 3 passage 0 `cmd-3-0`",
      "page 3 passage 1 `cmd-3-1`",
      "page 4 passage 0 `cmd-4-0`",
      "page 5 passage 0 `cmd-5-0`",
    ]);
  });

  it("gives the room of pages with one passage to the next pages' second passages", () => {
    const numbered = numberPassages([ranked(1, 1), ranked(2, 1), ranked(3, 3), ranked(4, 3), ranked(5, 3)]);
    expect(numbered.map((p) => p.page.page.path)).toEqual(["p1", "p2", "p3", "p3", "p4", "p4", "p5", "p5"]);
  });

  it("heads each passage with its page's title and description, unless the passage is the description", () => {
    const page = ranked(1, 2, "Archive files.");
    page.passages[1]!.markdown = "> Archive files.\n> More information: x.";
    const [user] = answerMessages("q", numberPassages([page])).slice(1);
    expect(user!.content).toContain("[1] Page 1 (Archive files.)\npage 1 passage 0 `cmd-1-0`");
    expect(user!.content).toContain("[2] Page 1\n> Archive files.");
  });
});
