import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRichBlocks } from "../../../packages/sandbox/src/telegram/rich/check.js";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { composeRichAnswer } from "../../../src/agents/rich/compose-rich.js";
import { textsIn } from "../../../src/i18n/index.js";

const english = textsIn("en");
const REST_SUMMARY = english.plain("rich.restOfPage");
const WHOLE_PAGE = english.plain("rich.wholePage");
import { markdownToRichBlocks } from "../../../src/agents/rich/markdown-blocks.js";
import { RICH_LIMITS, type RichBlock } from "../../../src/agents/rich/rich-types.js";
import { splitPassages } from "../../../src/wiki/search-index/passages.js";

const agent = resolveAgentSettings(
  "it",
  { section: "it", locale: "en", editors: [], answerLength: 1200 },
  "https://wiki.example.com",
);
const page = { path: "it/backups", locale: "en", title: "Backups", description: "How we keep copies" };

/** A page as the index holds it: its passages in page order, the first ones shown. */
function richAnswerOf(markdown: string, shownIndexes = [0]) {
  const all = splitPassages(markdown, { title: page.title, description: page.description });
  const shown = shownIndexes.map((i) => all[i]!).filter(Boolean);
  return composeRichAnswer(
    agent,
    { page, shown, all },
    [{ page: { path: "it/restore", locale: "en", title: "Restore", description: "" } }],
    { texts: english },
  );
}

/** Every block, nested ones included. */
function walk(blocks: readonly RichBlock[]): RichBlock[] {
  return blocks.flatMap((b) => [
    b,
    ...("blocks" in b ? walk(b.blocks as RichBlock[]) : []),
    ...(b.type === "list" ? b.items.flatMap((i) => walk(i.blocks as RichBlock[])) : []),
  ]);
}

const PAGE = [
  "## Schedule",
  "",
  "Backups run every night. Keep three copies:",
  "",
  "| Copy | Where | When |",
  "|------|:-----:|-----:|",
  "| 1 | laptop | hourly |",
  "| 2 | **NAS** | nightly |",
  "",
  "## Restore",
  "",
  "Unpack the archive:",
  "",
  "```bash",
  "tar -xzf backup.tgz -C /",
  "```",
  "",
  "See [the policy](/en/it/policy) for details.",
].join("\n");

describe("markdownToRichBlocks", () => {
  it("keeps tables as tables, code as code with its language, links resolved against the wiki", () => {
    const blocks = markdownToRichBlocks(PAGE, { baseUrl: "https://wiki.example.com", headingShift: 1 });
    expect(blocks.map((b) => b.type)).toEqual([
      "heading",
      "paragraph",
      "table",
      "heading",
      "paragraph",
      "pre",
      "paragraph",
    ]);
    expect(blocks[0]).toEqual({ type: "heading", size: 3, text: "Schedule" });
    const table = blocks[2] as Extract<RichBlock, { type: "table" }>;
    expect(table.cells.map((r) => r.map((c) => c.align))[0]).toEqual(["left", "center", "right"]);
    expect(table.cells[0]![0]).toMatchObject({ text: "Copy", is_header: true });
    expect(table.cells[2]![1]).toMatchObject({ text: { type: "bold", text: "NAS" } });
    expect(blocks[5]).toEqual({ type: "pre", text: "tar -xzf backup.tgz -C /", language: "bash" });
    expect(blocks[6]).toMatchObject({
      text: [
        "See ",
        { type: "url", text: "the policy", url: "https://wiki.example.com/en/it/policy" },
        " for details.",
      ],
    });
  });

  it("shows raw HTML as text and drops unsafe links", () => {
    const [p] = markdownToRichBlocks("<script>x</script>\n\n[a](javascript:alert(1))");
    expect(p).toEqual({ type: "paragraph", text: "<script>x</script>" });
    expect(markdownToRichBlocks("[a](javascript:alert(1))")[0]).toEqual({ type: "paragraph", text: "a" });
  });

  it("turns a table wider than 20 columns into a grid of the same cells", () => {
    const head = `| ${Array.from({ length: 22 }, (_, i) => `c${i}`).join(" | ")} |`;
    const rule = `|${"---|".repeat(22)}`;
    const [block] = markdownToRichBlocks(`${head}\n${rule}\n| ${"x | ".repeat(22)}`);
    expect(block).toMatchObject({ type: "pre" });
    expect((block as { text: string }).text.split("\n")[0]).toContain("c21");
  });
});

describe("composeRichAnswer", () => {
  it("puts the title as a heading, the passage, the rest of the page collapsed, then the links", () => {
    const message = richAnswerOf(PAGE);
    expect(message.blocks[0]).toEqual({ type: "heading", size: 1, text: "Backups" });
    const types = message.blocks.map((b) => b.type);
    expect(types.indexOf("details")).toBeGreaterThan(0);
    const details = message.blocks.find((b) => b.type === "details") as Extract<
      RichBlock,
      { type: "details" }
    >;
    expect(details.summary).toBe(REST_SUMMARY);
    expect(details.is_open).toBeUndefined();
    expect(walk(details.blocks).some((b) => b.type === "pre")).toBe(true);
    // The whole rest fits: no "read the whole page" link inside.
    expect(JSON.stringify(details.blocks)).not.toContain(WHOLE_PAGE);
    expect(JSON.stringify(message.blocks.at(-2))).toContain("https://wiki.example.com/en/it/backups");
    expect(message.blocks.at(-1)).toMatchObject({ text: ["See also: ", { type: "url", text: "Restore" }] });
    expect(checkRichBlocks(message.blocks, { draft: false }).plain).toContain("tar -xzf backup.tgz -C /");
  });

  it("a page too long for one message keeps whole tables and ends its details with the link to the page", () => {
    const table = (n: number) =>
      ["| k | v |", "|---|---|", ...Array.from({ length: 60 }, (_, i) => `| ${n}-${i} | value |`)].join("\n");
    const long = Array.from({ length: 12 }, (_, n) => `## Part ${n}\n\n${table(n)}`).join("\n\n");
    const message = richAnswerOf(long);
    const checked = checkRichBlocks(message.blocks, { draft: false });
    expect(checked.blockCount).toBeLessThanOrEqual(RICH_LIMITS.blocks);
    const tables = walk(message.blocks).filter((b) => b.type === "table");
    expect(tables.length).toBeGreaterThan(2);
    for (const t of tables) expect((t as { cells: unknown[] }).cells).toHaveLength(61);
    const details = message.blocks.find((b) => b.type === "details") as { blocks: RichBlock[] };
    expect(JSON.stringify(details.blocks.at(-1))).toContain(WHOLE_PAGE);
  });

  it("property: any page gives a message within every limit, with tables and code blocks whole", () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9]{1,12}$/);
    const paragraph = fc.array(word, { minLength: 1, maxLength: 400 }).map((w) => w.join(" "));
    const code = fc
      .tuple(fc.constantFrom("bash", "python", ""), fc.array(word, { minLength: 1, maxLength: 3000 }))
      .map(([lang, w]) => `\`\`\`${lang}\n${w.join(" ")}\n\`\`\``);
    const table = fc
      .tuple(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 180 }), word)
      .map(([cols, rows, w]) =>
        [
          `| ${Array.from({ length: cols }, (_, i) => `h${i}`).join(" | ")} |`,
          `|${"---|".repeat(cols)}`,
          ...Array.from(
            { length: rows },
            (_, r) => `| ${Array.from({ length: cols }, () => `${w}${r}`).join(" | ")} |`,
          ),
        ].join("\n"),
      );
    const list = fc
      .array(word, { minLength: 1, maxLength: 120 })
      .map((w) => w.map((x) => `- ${x}`).join("\n"));
    const block = fc.oneof(
      paragraph,
      code,
      table,
      list,
      word.map((w) => `## ${w}`),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 40 }), (blocks) => {
        const markdown = blocks.join("\n\n");
        const source = markdownToRichBlocks(markdown, { headingShift: 1 });
        const message = richAnswerOf(markdown);
        // Within every limit: the sandbox, which checks them as Telegram does, accepts it.
        const checked = checkRichBlocks(message.blocks, { draft: false });
        expect(checked.chars).toBeLessThanOrEqual(RICH_LIMITS.chars);
        const shown = walk(message.blocks);
        const whole = (type: string) => source.filter((b) => b.type === type).map((b) => JSON.stringify(b));
        for (const b of shown.filter((x) => x.type === "table" || x.type === "pre")) {
          expect(whole(b.type)).toContain(JSON.stringify(b));
        }
      }),
      { numRuns: 60, seed: 31 },
    );
  });

  it("says its own words in the asker's language; the page stays as the wiki holds it", () => {
    const all = splitPassages("Copies run nightly.\n\n## Restore\n\nAsk ops.", page);
    const german = textsIn("de");
    const message = composeRichAnswer(
      agent,
      { page, shown: [all[0]!] },
      [{ page: { path: "it/restore", locale: "en", title: "Restore", description: "" } }],
      { texts: german, note: german.plain("answer.searchedAs", { query: "a<b" }) },
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain(german.plain("rich.restOfPage"));
    expect(text).toContain(`📖 ${german.plain("rich.wholePage")}`);
    expect(text).toContain("Siehe auch: ");
    expect(text).toContain("Ergebnisse für „a<b“.");
    expect(text).toContain("Copies run nightly.");
    expect(text).not.toContain(WHOLE_PAGE);
  });
});
