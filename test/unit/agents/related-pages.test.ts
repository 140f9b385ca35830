import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { htmlToPlain } from "../../../src/agents/format/index.js";
import { createInlineSearch } from "../../../src/agents/inline-results.js";
import { chooseSeeAlso, distinctTitles, withinPartOf } from "../../../src/agents/related-pages.js";
import { createSearchIndex, keysFor } from "../../../src/wiki/search-index/index.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

const agent = resolveAgentSettings(
  "main",
  { section: "", locale: "en", editors: [], answerLength: 1200 },
  "https://wiki.example.com",
);

const VACATION =
  "# Vacation\n\nYou get 28 vacation days a year. Book your days off in the HR tool; " +
  "see [travel](/handbook/office/travel) when you fly.";
/** A team handbook next to command pages that share the question's words. */
const PAGES = [
  { path: "handbook/people/vacation", title: "Vacation", description: "Vacation days", content: VACATION },
  {
    path: "handbook/people/sick-leave",
    title: "Sick leave",
    description: "Days off when ill",
    content: "# Sick leave\n\nSick days do not count as vacation days. Tell your lead.",
  },
  {
    path: "handbook/office/travel",
    title: "Travel",
    description: "Business trips",
    content: "# Travel\n\nTravel days for work are not vacation days.",
  },
  {
    path: "handbook/security/laptops",
    title: "Laptops",
    description: "Your laptop",
    content: "# Laptops\n\nLock your laptop on vacation days and other days away.",
  },
  ...["gifsicle", "crane manifest", "cal"].map((title) => ({
    path: `tldr/common/${title.replace(" ", "-")}`,
    title,
    description: `Count vacation days with ${title}`,
    content: `# ${title}\n\n- Count the days of vacation:\n\n\`${title} --days vacation\``,
  })),
];

const CAT_COMMON = "# cat\n\n- Print a file in reverse line order with a flag:\n\n`cat -r {{file}}`";
const CAT_PAGES = [
  { path: "tldr/common/cat", title: "cat", description: "Print files.", content: CAT_COMMON },
  // Same title, same text: the same command filed twice.
  { path: "tldr/linux/cat", title: "cat", description: "Print files.", content: CAT_COMMON },
  {
    path: "tldr/osx/cat",
    title: "cat",
    description: "Print files.",
    content: "# cat\n\n- Print a file, reverse order of the last line, with numbers:\n\n`cat -n {{file}}`",
  },
  {
    path: "tldr/common/tac",
    title: "tac",
    description: "Print files in reverse.",
    content: "# tac\n\n- Print the last line first, a reverse cat:\n\n`tac {{file}}`",
  },
];

async function answererOver(pages: typeof PAGES) {
  const wiki = createMemoryWiki(pages);
  const index = createSearchIndex();
  await index.build(wiki);
  return { index, wiki, answerer: createAnswerer({ index, wiki }) };
}

describe("See also", () => {
  it("shows only pages the answer names or links to, or neighbours in its part, never strangers from another part", async () => {
    const { answerer } = await answererOver(PAGES);
    const answer = await answerer.answer("How many vacation days do I get?", agent);
    expect(answer.sources[0]?.path).toBe("handbook/people/vacation");
    const also = answer.sources.slice(1).map((s) => s.path);
    expect(also.length).toBeGreaterThan(0);
    for (const path of also) expect(path).toMatch(/^handbook\//);
    expect(htmlToPlain(answer.html)).not.toMatch(/gifsicle|crane|\bcal\b/);
  });

  it("the index tells what a shown page names: its links and the commands of its code", async () => {
    const { index } = await answererOver(PAGES);
    const id = (path: string) => index.pages().find((p) => p.path === path)!.id;
    expect([...index.mentions(id("handbook/people/vacation"))]).toEqual(["path:handbook/office/travel"]);
    expect(index.mentions(id("tldr/common/cal")).has("cal")).toBe(false); // not itself
    expect(index.mentions(id("tldr/common/gifsicle")).has("gifsicle")).toBe(false);
    expect(index.mentions(987654).size).toBe(0);
  });

  it("shows no See also when no page qualifies", async () => {
    const { answerer } = await answererOver(PAGES.filter((p) => !/sick|travel|laptops/.test(p.path)));
    const answer = await answerer.answer("How many vacation days do I get?", agent);
    expect(answer.sources.map((s) => s.path)).toEqual(["handbook/people/vacation"]);
    expect(answer.html).not.toContain("See also");
  });

  it("the wiki-search fallback (index not ready) follows the same rule", async () => {
    const wiki = createMemoryWiki(PAGES);
    const answerer = createAnswerer({ index: createSearchIndex(), wiki });
    const answer = await answerer.answer("vacation days", agent);
    expect(answer.sources[0]?.path).toBe("handbook/people/vacation");
    expect(answer.sources.map((s) => s.path).filter((p) => p.startsWith("tldr/"))).toEqual([]);
  });

  it("keeps a named command from another part, a neighbour, and drops the rest", () => {
    const page = (path: string, title: string) => ({
      page: { path, title, locale: "en", description: "" },
      passages: [],
    });
    const main = page("handbook/engineering/logs", "Logs");
    const candidates = [
      page("tldr/common/journalctl", "journalctl"),
      page("handbook/engineering/deploys", "Deploys"),
      page("tldr/common/gifsicle", "gifsicle"),
      page("logs-root", "Logs root"),
      page("gateway/ops/log-levels", "Log levels"),
    ];
    const mentions = new Set(["journalctl", "path:gateway/ops/log-levels"]);
    const kept = chooseSeeAlso(main, mentions, candidates, keysFor);
    expect(kept.map((p) => p.page.path)).toEqual([
      "tldr/common/journalctl",
      "handbook/engineering/deploys",
      "gateway/ops/log-levels",
    ]);
    // Pages at the wiki's root are not each other's neighbours.
    expect(chooseSeeAlso(page("a", "A"), new Set(), [page("b", "B")], keysFor)).toEqual([]);
  });
});

describe("pages that share a title", () => {
  it("merge when they show the same answer, else carry the folder that tells them apart", () => {
    const page = (path: string, title: string, markdown: string) => ({
      page: { path, title, locale: "en", description: "d" },
      passages: [{ markdown, text: markdown, score: 1 }],
    });
    const shown = distinctTitles([
      page("tldr/common/cat", "cat", "x"),
      page("tldr/linux/cat", "cat", "x"),
      page("tldr/osx/cat", "Cat", "y"),
      page("handbook/support/on-call", "On-call", "a"),
      page("handbook/engineering/on-call", "On-call", "b"),
      page("tldr/common/tac", "tac", "z"),
    ]);
    expect(shown.map((p) => p.page.title)).toEqual([
      "cat · common",
      "Cat · osx",
      "On-call · support",
      "On-call · engineering",
      "tac",
    ]);
  });

  it("no two buttons, links or inline results of one answer read the same", async () => {
    const { answerer, index } = await answererOver([...CAT_PAGES, ...PAGES]);
    const titles = async (q: string) => {
      const a = await answerer.answer(q, agent);
      return (a.choices ?? a.sources).map((s) => s.title);
    };
    for (const q of [
      "is there like a reverse cat that prints the last line first",
      "cat file",
      "print a file",
    ]) {
      const shown = await titles(q);
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown).size).toBe(shown.length);
    }
    const inline = createInlineSearch({ index })
      .results("cat print", agent)
      .map((r) => r.title);
    expect(inline).toContain("cat · osx");
    expect(new Set(inline).size).toBe(inline.length);
    expect(inline.filter((t) => t.startsWith("cat")).length).toBe(2);
  });
});

describe("choices stay within the best page's part of the wiki", () => {
  const at = (path: string, title = path.split("/").at(-1)!) => ({ page: { path, title } });

  it("keeps the pages of the best page's first folder, in the order given", () => {
    const ranked = [
      at("handbook/engineering/incident-process"),
      at("gateway/docs/sandbox"),
      at("handbook/security/laptop-security"),
      at("handbook/people/equipment"),
    ];
    expect(withinPartOf(ranked[0]!, ranked).map((r) => r.page.path)).toEqual([
      "handbook/engineering/incident-process",
      "handbook/security/laptop-security",
      "handbook/people/equipment",
    ]);
  });

  it("keeps a namesake of the best page from another part: the asker may mean either", () => {
    const ranked = [at("it/printers", "Printers"), at("gateway/docs/print"), at("lab/printers", "Printers")];
    expect(withinPartOf(ranked[0]!, ranked).map((r) => r.page.path)).toEqual(["it/printers", "lab/printers"]);
  });

  it("a page at the wiki's root has no part: every page is kept", () => {
    const ranked = [at("faq"), at("gateway/docs/sandbox"), at("handbook/people/equipment")];
    expect(withinPartOf(ranked[0]!, ranked)).toEqual(ranked);
  });

  it("a weak match of the handbook offers handbook pages only, never the project's docs", async () => {
    const pages = [
      {
        path: "handbook/security/laptops",
        title: "Laptops",
        description: "Your laptop",
        content: "# Laptops\n\nLock the screen when you leave your desk.",
      },
      {
        path: "handbook/people/equipment",
        title: "Equipment",
        description: "What you get",
        content: "# Equipment\n\nLaptops are replaced when broken.",
      },
      {
        path: "gateway/docs/sandbox",
        title: "Sandbox",
        description: "The stand-ins for tests",
        content: "# Sandbox\n\nA stand-in that is broken on purpose, for tests.",
      },
    ];
    const { answerer } = await answererOver(pages);
    const answer = await answerer.answer("my screen is broken", agent);
    expect(answer.confidence).toBe("weak");
    expect(answer.choices?.map((c) => c.path).sort()).toEqual([
      "handbook/people/equipment",
      "handbook/security/laptops",
    ]);
  });
});
