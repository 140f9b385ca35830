import { beforeAll, describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { CONFIDENT_SCORE, createAnswerer, judgeConfidence } from "../../../src/agents/answer.js";
import { strongShare } from "../../../src/agents/answer-confidence.js";
import { htmlToPlain, telegramLength } from "../../../src/agents/format/index.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../src/wiki/search-index/index-types.js";
import { WikiError } from "../../../src/wiki/wiki-error.js";
import { createMemoryWiki, loadHandbookPages, type MemoryWiki } from "../../helpers/memory-wiki.js";

const agent = resolveAgentSettings(
  "docs",
  {
    section: "handbook",
    locale: "en",
    editors: [],
    answerLength: 600,
    publicBaseUrl: "https://docs.example.com/",
  },
  "http://wiki.internal:3000",
);

describe("resolveAgentSettings", () => {
  it("applies defaults and strips slashes", () => {
    expect(resolveAgentSettings("x", undefined, "http://wiki:3000/")).toEqual({
      id: "x",
      section: "",
      locale: "en",
      locales: ["en"],
      language: "en",
      editors: [],
      publicBaseUrl: "http://wiki:3000",
      answerLength: 1200,
      ackReaction: false,
      conversationQuietMs: 30 * 60_000,
      modelUse: "off",
      voice: { maxSeconds: 300, maxBytes: 20_000_000, perUserPerHour: 30 },
    });
    expect(agent.publicBaseUrl).toBe("https://docs.example.com");
    const named = resolveAgentSettings(
      "y",
      { name: "Ops", section: "/ops/", locale: "de", editors: ["42"], answerLength: 300, greeting: "Hi" },
      "http://w",
    );
    expect(named).toMatchObject({
      name: "Ops",
      section: "ops",
      locale: "de",
      editors: ["42"],
      greeting: "Hi",
    });
  });
});

describe("answer from the index", () => {
  let wiki: MemoryWiki;
  let index: SearchIndex;
  beforeAll(async () => {
    wiki = await loadHandbookPages();
    index = createSearchIndex();
    await index.build(wiki);
  });

  it("gives the page title, the matching passage, a link and see-also links", async () => {
    const answer = await createAnswerer({ index, wiki }).answer("how do I undo the last git commit", agent);
    expect(answer.found).toBe(true);
    expect(answer.via).toBe("index");
    expect(answer.sources[0]).toEqual({
      path: "handbook/engineering/git-workflow",
      locale: "en",
      title: "Git workflow",
      url: "https://docs.example.com/en/handbook/engineering/git-workflow",
      score: expect.any(Number),
    });
    expect(answer.sources.length).toBeLessThanOrEqual(3);
    expect(answer.html.startsWith("<b>Git workflow</b>")).toBe(true);
    expect(answer.html).toContain(
      "<i>Branches, commits and pull requests: how a change gets from your laptop into main.</i>",
    );
    expect(answer.html).toMatch(/To undo the last commit/);
    expect(answer.html).toContain("<code>git reset --soft HEAD~1</code>");
    expect(answer.html).toContain(
      '<a href="https://docs.example.com/en/handbook/engineering/git-workflow">Git workflow</a>',
    );
    if (answer.sources.length > 1) expect(answer.html).toContain("See also: ");
  });

  it("keeps the passages within answerLength", async () => {
    const short = { ...agent, answerLength: 200 };
    const answer = await createAnswerer({ index, wiki }).answer("how do I declare an incident", short);
    const passages = answer.html.split("\n\n").slice(2, -2).join("\n\n");
    expect(telegramLength(passages)).toBeLessThanOrEqual(200);
  });

  it("says honestly when nothing matches, with a suggestion", async () => {
    const answer = await createAnswerer({ index, wiki }).answer("zqxv jjvq <qq>", agent);
    expect(answer).toMatchObject({ found: false, confidence: "none" });
    expect(answer.sources).toEqual([]);
    expect(answer.html).toContain("I found nothing about “zqxv jjvq &lt;qq&gt;” in handbook.");
    expect(answer.html).toContain("/search");
  });

  it("says how sure it is: a clear match is confident", async () => {
    const answer = await createAnswerer({ index, wiki }).answer("who is on call this week", agent);
    expect(answer).toMatchObject({ found: true, confidence: "confident" });
  });

  it("answers only from the agent's section and locale", async () => {
    const elsewhere = { ...agent, section: "handbook/support" };
    const answer = await createAnswerer({ index, wiki }).answer("who is on call this week", elsewhere);
    expect(answer.sources[0]?.path).toBe("handbook/support/on-call");
    for (const s of answer.sources) expect(s.path.startsWith("handbook/support/")).toBe(true);
    const french = await createAnswerer({ index, wiki }).answer("who is on call this week", {
      ...agent,
      locale: "fr",
      locales: ["fr"],
    });
    expect(french.found).toBe(false);
  });

  it("an empty question gets a hint, not a search", async () => {
    const answer = await createAnswerer({ index, wiki }).answer("   ", agent);
    expect(answer).toMatchObject({ found: false, via: "none", sources: [] });
    expect(answer.html).toMatch(/Ask me a question/);
  });

  it("judges confidence by the best page's score: weak is still a match, none is no match", () => {
    const ranked = (score: number) => [
      {
        page: { id: 1, path: "p", locale: "en", title: "Printers", description: "", updatedAt: "" },
        score,
        coverage: 0.5,
        passages: [],
      },
    ];
    expect(judgeConfidence(ranked(CONFIDENT_SCORE * 2), "printers")).toBe("confident");
    expect(judgeConfidence(ranked(CONFIDENT_SCORE), "printers")).toBe("confident");
    expect(judgeConfidence(ranked(CONFIDENT_SCORE / 4), "printers")).toBe("weak");
    expect(judgeConfidence([], "printers")).toBe("none");
  });

  it("is confident only when most of the question's words are in the page's own words, not only its code", () => {
    const passage = {
      index: 0,
      heading: "",
      markdown: "- Remove reverse line feeds:\n\n`cat file | col -b`",
      text: "Remove reverse line feeds:",
      code: "cat file | col -b",
      score: 10,
    };
    const page = {
      id: 1,
      path: "col",
      locale: "en",
      title: "col",
      description: "Filter out reverse line feeds.",
      updatedAt: "",
    };
    const ranked = [{ page, score: CONFIDENT_SCORE * 5, coverage: 1, passages: [passage] }];
    // "cat" is only in the code: one word of two is said by the page.
    expect(strongShare(ranked[0]!, "what should I feed my cat")).toBe(0.5);
    expect(judgeConfidence(ranked, "what should I feed my cat")).toBe("weak");
    expect(strongShare(ranked[0]!, "remove reverse line feeds")).toBe(1);
    expect(judgeConfidence(ranked, "remove reverse line feeds")).toBe("confident");
    expect(judgeConfidence(ranked, "the the")).toBe("weak");
  });
});

describe("answer while the index is not ready", () => {
  const pages = [
    {
      path: "ops/vpn",
      title: "VPN access",
      description: "How to get on the VPN",
      content: "# VPN\n\nAsk IT for a WireGuard profile.\n\nThen import it.",
    },
    { path: "ops/backup", title: "Backups", description: "Nightly restic", content: "Backups run at 02:00." },
    { path: "hr/vpn-policy", title: "VPN policy", description: "Rules", content: "Only on company laptops." },
  ];

  it("falls back to the wiki's own search, word by word, within the section", async () => {
    const wiki = createMemoryWiki(pages);
    const ops = resolveAgentSettings(
      "ops",
      { section: "ops", locale: "en", editors: [], answerLength: 1200 },
      "https://w",
    );
    const answer = await createAnswerer({ index: createSearchIndex(), wiki }).answer(
      "how do I get vpn access?",
      ops,
    );
    expect(answer).toMatchObject({ found: true, confidence: "weak", via: "wiki-search" });
    expect(answer.sources.map((s) => s.path)).toEqual(["ops/vpn"]);
    expect(htmlToPlain(answer.html)).toContain("WireGuard");
    expect(answer.html).toContain("still being built");
    expect(wiki.calls.search).toBeGreaterThan(1);
  });

  // Wiki.js's default search filters on publication only: it returns private pages.
  const withPrivate = [
    ...pages,
    {
      path: "ops/salaries",
      title: "Salaries",
      description: "Pay bands",
      content: "The CEO earns 1M.",
      isPrivate: true,
    },
    {
      path: "ops/vpn-keys",
      title: "VPN keys",
      description: "Private keys",
      content: "Key: hunter2",
      isPrivate: true,
    },
    {
      path: "ops/vpn-draft",
      title: "VPN draft",
      description: "Draft",
      content: "Not yet",
      isPublished: false,
    },
  ];
  const ops = resolveAgentSettings(
    "ops",
    { section: "ops", locale: "en", editors: [], answerLength: 1200 },
    "https://w",
  );

  it("never shows a private page the wiki's search returns: not its content, title or link", async () => {
    const wiki = createMemoryWiki(withPrivate);
    expect((await wiki.search("salar", "en")).map((h) => h.path)).toEqual(["ops/salaries"]);
    const answerer = createAnswerer({ index: createSearchIndex(), wiki });
    const salaries = await answerer.answer("what are the salaries?", ops);
    expect(salaries).toMatchObject({ found: false, via: "none", sources: [] });
    expect(salaries.html).not.toMatch(/CEO|ops\/salaries|Pay bands/);

    const vpn = await answerer.answer("how do I get vpn access?", ops);
    expect(vpn).toMatchObject({ found: true, via: "wiki-search" });
    expect(vpn.sources.map((s) => s.path)).toEqual(["ops/vpn"]);
    expect(vpn.html).not.toMatch(/vpn-keys|VPN keys|hunter2|vpn-draft/);
  });

  it("a choice whose page became private since it was offered is answered as gone", async () => {
    const wiki = createMemoryWiki(withPrivate);
    const answer = await createAnswerer({ index: createSearchIndex(), wiki }).answerPage(
      "pay",
      { path: "ops/salaries", locale: "en", title: "Salaries" },
      ops,
    );
    expect(answer).toMatchObject({ found: false, sources: [] });
    expect(answer.html).toContain("no longer in the wiki");
    expect(answer.html).not.toContain("CEO");
  });

  it("a wiki failure becomes a polite reply carrying the error for the caller to log", async () => {
    const wiki = createMemoryWiki(pages);
    const failure = new WikiError("wiki-unreachable", "connect ECONNREFUSED 127.0.0.1:3000");
    wiki.failWith(failure);
    const answer = await createAnswerer({ index: createSearchIndex(), wiki }).answer("vpn", agent);
    expect(answer).toMatchObject({ found: false, via: "none", sources: [] });
    expect(answer.error).toBe(failure);
    expect(answer.html).toMatch(/cannot reach the wiki/);
    expect(answer.html).not.toContain("ECONNREFUSED");
  });
});
