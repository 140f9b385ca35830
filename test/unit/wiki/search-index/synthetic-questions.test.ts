import { describe, expect, it } from "vitest";
import { drawSyntheticSet } from "../../../../bench/answer-quality/synthetic.js";

const page = (title: string, examples: string[]) => ({
  path: `tldr/common/${title}`,
  title,
  description: `The ${title} tool.`,
  content: `# ${title}\n\n> The ${title} tool.\n\n${examples.map((e, i) => `- ${e}:\n\n\`${title} --flag${i}\`\n`).join("\n")}`,
});

/** Questions the fitting harness draws from the corpus itself (bench/answer-quality/synthetic.ts). */
describe("synthetic questions drawn from the corpus", () => {
  const pages = [
    page("comm", [
      "Print only lines common to both files",
      "Get lines only found in the first file",
      "Display help",
    ]),
    page("tac", [
      "Concatenate files in reversed order",
      "Reverse the lines of tac output from stdin",
      "Display help",
    ]),
    page("uniq", ["Remove repeated adjacent lines", "Count the repeated lines of a file", "Display help"]),
    page("tiny", ["Only two examples here", "So none is taken out"]),
  ];

  it("takes the example out of its page and asks its description, the page accepted", () => {
    const drawn = drawSyntheticSet(pages, 10, 1);
    expect(drawn.questions).toHaveLength(3);
    for (const q of drawn.questions) {
      const i = pages.findIndex((p) => p.path === q.answers[0]);
      const before = pages[i]!.content;
      const after = drawn.pages[i]!.content;
      expect(after.length).toBeLessThan(before.length);
      expect(after.toLowerCase()).not.toContain(q.question.slice(0, 12));
      // The page keeps what it is and its other examples.
      expect(after).toContain(pages[i]!.description);
      expect(after.split("\n- ").length).toBe(before.split("\n- ").length - 1);
    }
    expect(drawn.pages[3]).toEqual(pages[3]);
  });

  it("never asks boilerplate shared by many pages, and never names the page", () => {
    const drawn = drawSyntheticSet(pages, 10, 2);
    for (const q of drawn.questions) {
      expect(q.question).not.toBe("display help");
      expect(q.question.split(" ")).not.toContain(q.answers[0]!.split("/").pop());
    }
  });

  it("is deterministic for a seed", () => {
    expect(drawSyntheticSet(pages, 2, 7)).toEqual(drawSyntheticSet(pages, 2, 7));
  });
});
