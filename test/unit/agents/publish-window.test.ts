import { describe, expect, it } from "vitest";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { htmlToPlain } from "../../../src/agents/format/index.js";
import { createWikiAgent } from "../../../src/agents/wiki-agent.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { privateMessage } from "../../helpers/inbound.js";
import { createMemoryWiki, type SeedPage } from "../../helpers/memory-wiki.js";

const EDITOR = 1001;
const READER = 2002;
const agent = resolveAgentSettings(
  "news",
  { name: "News", section: "news", locale: "en", editors: [String(EDITOR)], answerLength: 1200 },
  "https://wiki.example.com",
);

/** Pages readers must not see: one scheduled for later, one expired. Updated last, so /recent would list them first. */
const seed: SeedPage[] = [
  {
    path: "news/canteen",
    title: "Canteen reopens",
    description: "Canteen news",
    content: "# Canteen\n\nThe canteen reopens on Monday with penguin cookies.",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  {
    path: "news/merger",
    title: "Merger with Penguin Corp",
    description: "Merger news",
    content: "# Merger\n\nWe merge with Penguin Corp. Embargoed until then.",
    publishStartDate: "2099-01-01T00:00:00.000Z",
    updatedAt: "2026-02-01T00:00:00.000Z",
  },
  {
    path: "news/offer",
    title: "Penguin summer offer",
    description: "Offer news",
    content: "# Offer\n\nThe penguin summer offer ended long ago.",
    publishEndDate: "2020-01-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
  },
];

async function setUp(buildIndex: boolean) {
  const wiki = createMemoryWiki(seed);
  const index = createSearchIndex();
  if (buildIndex) await index.build(wiki);
  const answerer = createAnswerer({ index, wiki });
  const bot = createWikiAgent({ answerer, index, wiki, logger: createMemoryLogger().logger });
  const say = async (text: string, sender = READER) => {
    const message: InboundMessage = privateMessage(text, sender);
    return (await bot.handle(message, agent)).chunks.map(htmlToPlain).join("\n");
  };
  return { wiki, index, answerer, say };
}

describe.each([
  ["with the index built", true],
  ["while the index is not ready", false],
])("pages outside their publication window, %s", (_name, buildIndex) => {
  it("are not answered; the page open to readers is", async () => {
    const { say } = await setUp(buildIndex);
    const answer = await say("penguin corp merger");
    expect(answer).not.toMatch(/Embargoed|news\/merger/);
    const offer = await say("penguin summer offer");
    expect(offer).not.toMatch(/ended long ago|news\/offer/);
    expect(await say("canteen penguin cookies")).toMatch(/penguin cookies/);
  });

  it("/search, /page and /recent leave them out for readers; editors may open them", async () => {
    const { say } = await setUp(buildIndex);
    // Every page's path holds "news": the wiki's own title search finds all three too.
    const search = await say("/search news");
    expect(search).toContain("Canteen reopens");
    expect(search).not.toMatch(/Merger|offer/);
    expect(await say("/page merger")).toMatch(/No page “merger” here/);
    expect(await say("/page offer")).toMatch(/No page “offer” here/);
    const shown = await say("/page merger", EDITOR);
    expect(shown).toContain("Embargoed until then");
    expect(shown).toContain("Scheduled: readers see this page from 2099-01-01T00:00:00.000Z.");
    expect(await say("/page offer", EDITOR)).toContain(
      "Expired: readers no longer see this page (publication ended 2020-01-01T00:00:00.000Z).",
    );
    expect(await say("/page canteen", EDITOR)).not.toMatch(/readers/);
    const recent = await say("/recent 5");
    expect(recent).toContain("Canteen reopens");
    expect(recent).not.toMatch(/Merger|offer/);
  });

  it("a tapped choice naming such a page answers that it is gone", async () => {
    const { answerer } = await setUp(buildIndex);
    const answer = await answerer.answerPage(
      "penguin",
      { path: "news/merger", locale: "en", title: "Merger with Penguin Corp" },
      agent,
    );
    expect(answer.found).toBe(false);
    expect(answer.html).not.toContain("Embargoed");
  });
});

describe("/recent and publication windows", () => {
  it("takes the windows of indexed pages from the index, reading only pages the index lacks", async () => {
    const { wiki, say } = await setUp(true);
    const reads = wiki.calls.getPage;
    expect(await say("/recent 5")).not.toMatch(/Merger/);
    expect(wiki.calls.getPage).toBe(reads);
    wiki.add({
      path: "news/later",
      title: "Later news",
      content: "Not yet.",
      publishStartDate: "2099-01-01T00:00:00.000Z",
      updatedAt: "2026-04-01T00:00:00.000Z",
    });
    expect(await say("/recent 5")).not.toMatch(/Later news/);
    expect(wiki.calls.getPage).toBe(reads + 1);
  });
});
