import { describe, expect, it } from "vitest";
import { htmlToPlain, markdownToTelegramHtml, oneLine } from "../../../../src/agents/format/index.js";
import { splitPassages } from "../../../../src/wiki/search-index/passages.js";
import { WRAPPED_FIRST_PARAGRAPH, WRAPPED_PAGE, WRAPPED_PAGE_LINES } from "../../../fixtures/wrapped-page.js";

const render = (md: string) => markdownToTelegramHtml(md, { baseUrl: "https://wiki.example.com" });
/** The rendered page's blocks (they are separated by one blank line). */
const blocks = render(WRAPPED_PAGE).split("\n\n");

describe("wrapped Markdown reads like the page", () => {
  it("the fixture is wrapped like the README: several lines, none over 100 columns", () => {
    expect(Math.max(...WRAPPED_PAGE_LINES.map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(WRAPPED_PAGE_LINES.filter((l) => l.length > 85).length).toBeGreaterThanOrEqual(4);
  });

  it("joins the lines of a wrapped paragraph with spaces", () => {
    expect(blocks[1]).toBe(WRAPPED_FIRST_PARAGRAPH);
    expect(render("one\ntwo \n   three")).toBe("one two three");
  });

  it("joins soft breaks inside bold text and link labels, keeping the tags", () => {
    expect(blocks[3]).toBe(
      "Bring the laptop to the <b>service desk on the second floor</b> and read the " +
        '<a href="https://wiki.example.com/en/it/return">return checklist</a> before you come.',
    );
  });

  it("keeps hard breaks: two trailing spaces and a trailing backslash", () => {
    expect(blocks[4]).toBe(
      "The service desk Building B, room 2.14\nOpen Monday to Friday\nfrom 9:00 to 17:00",
    );
  });

  it("keeps each list item on its line and joins the item's continuation lines", () => {
    expect(blocks[6]).toBe(
      [
        "• Copy your files to the team drive; files left on the laptop are erased when the disk is " +
          "wiped, and nobody can bring them back afterwards.",
        "• Sign out of the password manager and of the chat app.",
        "  • Remove the laptop from your two-factor devices as well.",
      ].join("\n"),
    );
    expect(blocks[7]).toBe(
      "1. Unplug every cable and put the charger in the bag.\n2. Hand the bag to the service desk.",
    );
  });

  it("keeps a block quote apart, its paragraphs apart, and joins its wrapped lines", () => {
    expect(blocks.slice(8, 10).join("\n\n")).toBe(
      "<blockquote>The service desk keeps a returned laptop for thirty days before it is wiped, in " +
        "case something was forgotten on it.\n\nAfter that it is gone.</blockquote>",
    );
  });

  it("keeps the lines of fenced and indented code blocks, and of tables", () => {
    expect(blocks[11]).toBe(
      '<pre><code class="language-bash">sudo enrol --company acme \\\n  --user you@acme.example</code></pre>',
    );
    expect(blocks[13]).toBe("<pre>enrol-legacy --company acme\nenrol-legacy --verify</pre>");
    expect(blocks[14]).toBe("<pre>Model    | Years\n---------+------\nThinkPad | 4\nMacBook  | 5</pre>");
    expect(blocks).toHaveLength(15);
  });

  it("the plain-text fallback has the same lines", () => {
    const lines = htmlToPlain(render(WRAPPED_PAGE)).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        WRAPPED_FIRST_PARAGRAPH,
        "Bring the laptop to the service desk on the second floor and read the return checklist " +
          "(https://wiki.example.com/en/it/return) before you come.",
        "• Sign out of the password manager and of the chat app.",
        "Open Monday to Friday",
        "  --user you@acme.example",
        "ThinkPad | 4",
      ]),
    );
    expect(lines.filter((l) => l.trim() !== "")).toHaveLength(25);
  });

  it("every passage of the page renders without a break inside a sentence", () => {
    const passages = splitPassages(WRAPPED_PAGE, { title: "Laptop handbook" });
    const shown = passages.map((p) => htmlToPlain(render(p.markdown)));
    expect(shown[0]).toBe(WRAPPED_FIRST_PARAGRAPH);
    expect(shown).toContain(
      "1. Unplug every cable and put the charger in the bag.\n2. Hand the bag to the service desk.",
    );
    // Only hard breaks, item starts, code and table rows begin a line in what is shown.
    const allowed = /^(• | {2}• |\d\. |Open |from |sudo | {2}--|enrol-|Model|-{9}|ThinkPad|MacBook|After )/;
    for (const text of shown) {
      for (const line of text.split("\n").slice(1)) if (line !== "") expect(line).toMatch(allowed);
    }
  });
});

describe("long lists are cut between items, never inside a wrapped item", () => {
  it("a continuation line that starts like an ordered item stays with its sentence", () => {
    const items = Array.from(
      { length: 30 },
      (_, i) =>
        `- Step ${i}: the runtime of the image reached the end of its support in April\n` +
        `  2026. Newer releases are installed from the registry, one after the other.`,
    );
    const passages = splitPassages(`Upgrade notes:\n\n${items.join("\n")}`, { title: "x" });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(p.markdown).toMatch(/^(Upgrade notes:|- Step)/);
      expect(p.markdown.length).toBeLessThanOrEqual(1500);
    }
    const shown = passages.map((p) => htmlToPlain(render(p.markdown))).join("\n");
    expect(shown).toContain(
      "• Step 29: the runtime of the image reached the end of its support in April 2026. Newer",
    );
    expect(shown.match(/^• Step \d+/gm)).toHaveLength(30);
  });
});

describe("oneLine", () => {
  it("shows a description written over several lines on one line", () => {
    expect(oneLine("  Getting on\nthe VPN\r\n  from home \n")).toBe("Getting on the VPN from home");
  });
});
