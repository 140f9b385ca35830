import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { composeAnswer, composeChoices } from "../../../src/agents/answer-compose.js";
import { distinctTitles } from "../../../src/agents/related-pages.js";
import { htmlToPlain } from "../../../src/agents/format/index.js";
import { indexText } from "../../../src/wiki/search-index/passages.js";
import { WRAPPED_FIRST_PARAGRAPH, WRAPPED_PAGE_LINES } from "../../fixtures/wrapped-page.js";

const agent = resolveAgentSettings(
  "it",
  { section: "it", locale: "en", editors: [], answerLength: 1200 },
  "https://wiki.example.com",
);
/** The fixture's first paragraph, as its source is wrapped (three lines). */
const wrapped = WRAPPED_PAGE_LINES.slice(2, 5).join("\n");

function answerWith(description: string): string {
  const page = { path: "it/laptops", locale: "en", title: "Laptop handbook", description };
  const passage = { markdown: wrapped, text: indexText(wrapped).text, score: 1 };
  return composeAnswer(agent, { page, score: 1, passages: [passage] }, []).html;
}

describe("composeAnswer with a wrapped page", () => {
  it("shows the passage as one line", () => {
    expect(wrapped.split("\n")).toHaveLength(3);
    expect(htmlToPlain(answerWith("")).split("\n")).toContain(WRAPPED_FIRST_PARAGRAPH);
  });

  it("does not repeat a description that the passage already says across a line break", () => {
    const html = answerWith(
      "Every new laptop is enrolled in device management before it leaves the office, so that the disk is encrypted",
    );
    expect(html).not.toContain("<i>");
    expect(htmlToPlain(html).match(/Every new laptop/g)).toHaveLength(1);
  });

  it("shows a description written over several lines on one line", () => {
    expect(answerWith("Enrolling and\nreturning laptops")).toContain(
      "<i>Enrolling and returning laptops</i>",
    );
  });
});

describe("choices of pages sharing a title", () => {
  it("tell the pages apart by their folder, in the list and in the sources the buttons show", () => {
    const agent = resolveAgentSettings("tldr", undefined, "https://wiki.example.com");
    // Pages that share a title and say the same are one page (related-pages.ts distinctTitles): these differ.
    const page = (path: string, title: string, description: string) => ({
      page: { path, locale: "en", title, description },
      score: 1,
      passages: [],
    });
    const offered = distinctTitles([
      page("tldr/common/cat", "cat", "Print and concatenate files."),
      page("tldr/osx/cat", "cat", "Print and concatenate files, on macOS."),
      page("tldr/common/git-blame", "git blame", "Show who last changed each line."),
    ]);
    const { html, sources } = composeChoices(agent, offered);
    expect(sources.map((s) => s.title)).toEqual(["cat · common", "cat · osx", "git blame"]);
    expect(html).toContain(">cat · osx</a>");
  });
});

describe("the passages of an answer, in the page's order", () => {
  it("shows a page's description quote before the passage that scored best, wherever it scored", () => {
    const md = (markdown: string, index: number, score: number) => ({
      index,
      markdown,
      text: indexText(markdown).text,
      score,
    });
    const page = { path: "it/rooms", locale: "en", title: "Meeting rooms", description: "" };
    for (const [quoteScore, bodyScore] of [
      [1, 0.9],
      [0.9, 1],
    ] as const) {
      const passages = [
        md("Book rooms in the shared calendar.", 1, bodyScore),
        md("> Booking meeting rooms and phone booths.", 0, quoteScore),
      ];
      const plain = htmlToPlain(composeAnswer(agent, { page, score: 1, passages }, []).html);
      expect(plain.indexOf("Booking meeting rooms")).toBeLessThan(plain.indexOf("Book rooms in"));
      expect(plain.indexOf("Booking meeting rooms")).toBeGreaterThan(0);
    }
  });
});
