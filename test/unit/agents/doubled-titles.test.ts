import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { composeAnswer, composeChoices } from "../../../src/agents/answer-compose.js";
import { htmlToPlain, shownDescription } from "../../../src/agents/format/index.js";
import { createInlineSearch } from "../../../src/agents/inline-results.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { indexText } from "../../../src/wiki/search-index/passages.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

/**
 * A page whose editors left the description at the title (Wiki.js does so by default for pages
 * made from files): its title is shown once, in answers, rich answers, choices and inline results.
 */
const agent = resolveAgentSettings("docs", undefined, "https://wiki.example.com");
const body = "An unknown sender gets a pairing code, valid for one hour, to give the operator.";
const pairing = {
  path: "gateway/docs/access-policy",
  locale: "en",
  title: "Access policy and pairing",
  description: "Access policy and pairing",
};
const passage = { markdown: body, text: indexText(body).text, score: 1 };
const count = (text: string, part: string) => text.split(part).length - 1;

describe("a description that only repeats the title", () => {
  it("is not shown: the same words, case, spacing and a closing full stop aside", () => {
    expect(shownDescription(pairing)).toBe("");
    expect(shownDescription({ title: "Access policy", description: " access  POLICY." })).toBe("");
    expect(shownDescription({ title: "Access policy", description: "Who may write to the bots." })).toBe(
      "Who may write to the bots.",
    );
  });

  it("an answer shows the title once above the passage and once as its link, the rich answer once", () => {
    const { html, rich } = composeAnswer(agent, { page: pairing, score: 1, passages: [passage] }, []);
    expect(html).not.toContain("<i>");
    // The bold title and the 📖 link: no italic copy between them.
    expect(count(htmlToPlain(html), "Access policy and pairing")).toBe(2);
    expect(count(JSON.stringify(rich), "Access policy and pairing")).toBeLessThanOrEqual(2);
    expect(JSON.stringify(rich)).not.toContain('"italic","text":"Access policy and pairing"');
  });

  it("a choice list gives such a page its link alone, another page its description", () => {
    const other = {
      page: {
        path: "gateway/docs/models",
        locale: "en",
        title: "Models",
        description: "Which model servers work.",
      },
      score: 1,
      passages: [],
    };
    const { html } = composeChoices(agent, [{ page: pairing, score: 1, passages: [] }, other]);
    expect(count(htmlToPlain(html), "Access policy and pairing")).toBe(1);
    expect(html).toContain(">Models</a>: Which model servers work.");
  });

  it("an inline result's line under the title is the page's opening, not the title again", async () => {
    const wiki = createMemoryWiki();
    wiki.add({ ...pairing, content: body });
    const index = createSearchIndex();
    await index.build(wiki);
    const [result] = createInlineSearch({ index }).results("pairing code", agent);
    expect(result?.title).toBe("Access policy and pairing");
    expect(result?.description).toMatch(/^An unknown sender gets a pairing code/);
  });
});
