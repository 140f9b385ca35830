import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { htmlToPlain } from "../../../src/agents/format/index.js";
import { createWikiAgent, type WikiAgent } from "../../../src/agents/wiki-agent.js";
import { privateMessage } from "../../helpers/inbound.js";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createSandboxWiki, type SandboxWiki } from "../../../packages/sandbox/src/wiki/index.js";
import { createWikiClient, type WikiClient } from "../../../src/wiki/client/wiki-client.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";

/** Editors' commands through the real client against the sandbox wiki over HTTP. */
const EDITOR = 1001;
const READER = 2002;
const agent = resolveAgentSettings(
  "docs",
  { name: "Docs", section: "", locale: "en", editors: [String(EDITOR)], answerLength: 1200 },
  "https://wiki.example.com",
);

function message(text: string, senderId: number): InboundMessage {
  return privateMessage(text, senderId);
}

describe("editors' commands against the sandbox wiki", () => {
  let wiki: SandboxWiki;
  let client: WikiClient;
  let bot: WikiAgent;
  let logs: ReturnType<typeof createMemoryLogger>;
  const say = async (text: string, sender = EDITOR) =>
    htmlToPlain((await bot.handle(message(text, sender), agent)).chunks.join("\n"));

  beforeEach(async () => {
    wiki = createSandboxWiki();
    const base = await wiki.listen(0, "127.0.0.1");
    wiki.seed([
      { path: "drafts/plan", title: "Plan", content: "First line.", isPublished: false, tags: ["secret"] },
      { path: "guides/vpn", title: "VPN", content: "Use WireGuard.", description: "VPN how-to" },
    ]);
    const tokenFile = join(mkdtempSync(join(tmpdir(), "wg-edit-")), "token");
    writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
    logs = createMemoryLogger();
    client = createWikiClient({
      baseUrl: base,
      tokenFile,
      timeoutMs: 2000,
      writeTimeoutMs: 150,
      confirmDelaysMs: [0, 300, 600],
      logger: logs.logger,
    });
    const index = createSearchIndex();
    await index.build(client);
    bot = createWikiAgent({
      answerer: createAnswerer({ index, wiki: client }),
      index,
      wiki: client,
      logger: logs.logger,
    });
  });

  afterEach(async () => {
    await wiki.close();
  });

  it("/append to a draft keeps it a draft with its tags; /page shows it to editors only", async () => {
    expect(await say("/append drafts/plan Second line.")).toMatch(/^Updated: Plan/);
    const page = (await client.getPageByPath("drafts/plan", "en"))!;
    expect(page).toMatchObject({ isPublished: false, tags: ["secret"], title: "Plan" });
    expect(page.content).toBe("First line.\n\nSecond line.\n");
    expect(await say("/page drafts/plan", READER)).toMatch(/No page “drafts\/plan” here/);
    expect(await say("/page drafts/plan")).toContain("Second line.");
    expect(await say("/recent", READER)).not.toContain("Plan");
  });

  it("/edit keeps title, description, tags and publication", async () => {
    expect(await say("/edit guides/vpn\nUse Tailscale now.")).toMatch(/^Updated: VPN/);
    expect(await client.getPageByPath("guides/vpn", "en")).toMatchObject({
      title: "VPN",
      description: "VPN how-to",
      isPublished: true,
      content: "Use Tailscale now.",
    });
  });

  it("/new on a slow wiki is sent once and reported created", async () => {
    wiki.setWriteLatency(400);
    const reply = await say("/new guides/printer Printer\nAdd the printer.");
    expect(reply).toMatch(/^Created: Printer/);
    expect(wiki.stats().byOperation["pages.create"]).toBe(1);
  });

  it("/new whose page-tree job fails says Created, and no SQL reaches the editor", async () => {
    wiki.setTreeJobFailure("always");
    const reply = await say("/new guides/tree Tree\nBody.");
    expect(reply).toMatch(/^Created: Tree/);
    expect(reply).not.toMatch(/insert into|pageTree/);
    expect(logs.text()).toContain("rebuild-tree");
  });

  it("a refusal is one sentence, never the wiki's whole message", async () => {
    expect(await say("/new guides/vpn Again\nBody.")).toBe(
      "Refused: Cannot create this page because an entry already exists at the same path. (PageDuplicateCreate, 6002)",
    );
  });

  it("/new refuses characters that page links drop, and names them", async () => {
    const reply = await say("/new guides/what? What\nBody.");
    expect(reply).toMatch(/^Refused: a page path cannot contain “\?”/);
    expect(wiki.stats().byOperation["pages.create"]).toBeUndefined();
  });
});
