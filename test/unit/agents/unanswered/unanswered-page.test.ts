import { describe, expect, it } from "vitest";
import { writeUnansweredPage } from "../../../../src/agents/unanswered/page-writer.js";
import { unansweredDigest } from "../../../../src/agents/unanswered/unanswered-digest.js";
import { unansweredPage } from "../../../../src/agents/unanswered/unanswered-page.js";
import { summariseUnanswered } from "../../../../src/agents/unanswered/unanswered-summary.js";
import { textsIn } from "../../../../src/i18n/index.js";
import type { VoteRecord } from "../../../../src/state/feedback-log.js";
import type { GapRecord } from "../../../../src/state/gap-log.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const gap = (question: string, kind: GapRecord["kind"], at: string, agent = "main"): GapRecord => ({
  v: 1,
  at,
  agent,
  kind,
  question,
});
const vote = (path: string, sign: VoteRecord["sign"], delta: number): VoteRecord =>
  ({
    v: 1,
    at: "2026-11-27T10:00:00.000Z",
    agent: "main",
    page: { path, title: path.toUpperCase() },
    sign,
    delta,
  }) as VoteRecord;

const GAPS: GapRecord[] = [
  gap("How do I reset the VPN token?", "nothing", "2026-11-26T09:00:00.000Z"),
  gap("how can I reset my vpn token", "nothing", "2026-11-27T09:30:00.000Z"),
  gap("Call me at +7 912 345-67-89 about parking", "nothing", "2026-11-27T10:00:00.000Z"),
  gap("Call me at +49 30 1234 5678 about parking", "nothing", "2026-11-27T11:00:00.000Z"),
  gap("printer | network <b>down</b>", "choices", "2026-11-25T08:00:00.000Z"),
  gap("what is the wifi password", "nothing", "2026-11-01T08:00:00.000Z"), // before the window
  gap("salary dates", "nothing", "2026-11-27T08:00:00.000Z", "hr"), // another agent
  gap("vpn", "tapped", "2026-11-27T08:00:00.000Z"),
];
const VOTES = [
  vote("it/printers", "negative", 1),
  vote("it/printers", "negative", 1),
  vote("it/vpn", "positive", 1),
];

const summary = () => summariseUnanswered({ gaps: GAPS, votes: VOTES, agent: "main", days: 7, now: NOW });

describe("the summary of what the wiki left unanswered", () => {
  it("groups this agent's questions of the window, redacted before grouping, and the pages voted down", () => {
    const s = summary();
    expect(s.nothing.map((g) => [g.question, g.count, g.variants])).toEqual([
      ["Call me at [number] about parking", 2, []],
      ["How do I reset the VPN token?", 2, ["how can I reset my vpn token"]],
    ]);
    expect(s.weak.map((g) => g.question)).toEqual(["printer | network <b>down</b>"]);
    expect(s.votedDown.map((p) => [p.path, p.negative])).toEqual([["it/printers", 2]]);
    expect(JSON.stringify(s)).not.toMatch(/912|1234|wifi|salary/);
  });
});

describe("the editors' page", () => {
  it("is Markdown in the agent's language with escaped questions, and the same bytes for the same summary", () => {
    const page = unansweredPage(summary(), textsIn("en"));
    expect(page.title).toBe("Questions the wiki left unanswered");
    expect(page.content).toContain("## Not answered: nothing found");
    expect(page.content).toContain(
      "| How do I reset the VPN token?<br>also asked as: how can I reset my vpn token | 2 | 2026-11-27 09:30 UTC |",
    );
    expect(page.content).toContain("printer \\| network &lt;b\\>down&lt;/b\\>");
    expect(page.content).toContain("| [IT/PRINTERS](/it/printers) | 2 | 0 |");
    expect(unansweredPage(summary(), textsIn("en"))).toEqual(page);
    expect(unansweredPage(summary(), textsIn("ru")).content).toContain("## Без ответа: ничего не найдено");
  });

  it("is written once per change: created, then left alone, then updated; a draft stays a draft", async () => {
    const wiki = createMemoryWiki([{ path: "it/vpn", title: "VPN", content: "Connect." }]);
    const target = { path: "_gateway/unanswered/main", locale: "en" };
    const page = unansweredPage(summary(), textsIn("en"));
    expect(await writeUnansweredPage(wiki, target, page)).toBe("created");
    expect(await writeUnansweredPage(wiki, target, page)).toBe("unchanged");
    expect(wiki.calls.updatePage).toBe(0);
    const written = await wiki.getPageByPath(target.path, "en");
    expect(written?.isPublished).toBe(true);
    await wiki.updatePage({
      id: written!.id,
      content: written!.content,
      isPublished: false,
      current: written!,
    });
    const fewer = unansweredPage(
      summariseUnanswered({ gaps: GAPS.slice(0, 2), votes: [], agent: "main", days: 7, now: NOW }),
      textsIn("en"),
    );
    expect(await writeUnansweredPage(wiki, target, fewer)).toBe("updated");
    const updated = await wiki.getPageByPath(target.path, "en");
    expect(updated?.content).toBe(fewer.content);
    expect(updated?.isPublished).toBe(false);
  });

  it("rejects with the wiki's reason when it refuses the write", async () => {
    const wiki = createMemoryWiki();
    await expect(
      writeUnansweredPage(wiki, { path: "_gateway/un answered", locale: "en" }, { title: "T", content: "x" }),
    ).rejects.toMatchObject({ code: "wiki-mutation-failed" });
  });
});

describe("the editors' digest", () => {
  it("is Telegram HTML in the chat's language, escaped, with the page's link", () => {
    const html = unansweredDigest(
      summary(),
      textsIn("de"),
      "https://wiki.example.org/en/_gateway/unanswered/main",
    );
    expect(html).toMatch(/^<b>Unbeantwortete Fragen an das Wiki, letzte 7 Tage<\/b>/);
    expect(html).toContain("2× How do I reset the VPN token? <i>(2026-11-27 09:30 UTC)</i>");
    expect(html).toContain("printer | network &lt;b&gt;down&lt;/b&gt;");
    expect(html).toContain("2× IT/PRINTERS (<code>it/printers</code>)");
    expect(html).toContain('<a href="https://wiki.example.org/en/_gateway/unanswered/main">');
  });
});
