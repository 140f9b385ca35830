import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { SentMessage } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";
import { ask, crashLines, isReady, summary } from "./lib.js";

/**
 * Issue 11, attacks: GraphQL injection (hostile questions and page texts reach the wiki only as
 * variables and change nothing) and HTML injection (wiki content and user text come out escaped;
 * no javascript: link survives).
 */
const GRAPHQL_HOSTILE = [
  `") { id } } mutation { pages { delete(id: 1) { responseResult { succeeded } } } } #`,
  `"}}} mutation X { pages { update(id: 1, content: "pwned") { responseResult { succeeded } } } }`,
  `$id $query 100% _ % __typename {{ }} \\" \\\\ ' ''; --`,
  `query { pages { list { id } } } fragment F on Page { id } ... on Query { __schema { types { name } } }`,
  `backup" OR "1"="1`,
  `%_%_% ${"{".repeat(40)} ${"}".repeat(40)}`,
];
const HTML_PAGE = {
  path: "guides/hostile",
  title: `Hostile <script>alert("t")</script> & "quotes"`,
  description: "html injection",
  content: [
    "# Hostile page",
    "",
    `The restore drill: <script>alert(document.cookie)</script> & <b>bold</b> &amp; &lt;i&gt;`,
    "",
    `[click me](javascript:alert(1)) and <a href="javascript:alert(2)">fake link</a> and [ok](https://example.org/safe)`,
    "",
    `<img src=x onerror=alert(3)> "\${x}" {{ }} % _ $`,
  ].join("\n"),
};

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function graphql(stack: Stack, query: string, variables: Record<string, unknown> = {}) {
  const key = readFileSync(stack.env.WIKI_TOKEN_FILE!, "utf8").trim();
  const res = await fetch(`${stack.wikiUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: { pages: Record<string, unknown> } };
}

/** Every page with its full content, as the wiki holds it. */
async function snapshot(stack: Stack): Promise<string> {
  const list = (await graphql(stack, "{ pages { list(orderBy: ID) { id path updatedAt } } }")).data.pages
    .list as Array<{ id: number }>;
  const pages = [];
  for (const p of list) {
    const single = await graphql(
      stack,
      "query($id: Int!) { pages { single(id: $id) { id path title description content isPublished updatedAt } } }",
      { id: p.id },
    );
    pages.push(single.data.pages.single);
  }
  return JSON.stringify(pages);
}

const MUTATIONS = [
  "pages.create",
  "pages.update",
  "pages.delete",
  "pages.move",
  "pages.restore",
  "pages.render",
];
const links = (m: SentMessage) =>
  (m.entities ?? []).flatMap((e) => {
    const x = e as { type: string; url?: string };
    return x.url !== undefined ? [x.url] : [];
  });

describe("injection", () => {
  it("GraphQL syntax in questions, commands and page texts reaches the wiki only as variables and changes nothing", async () => {
    stack = await startStack({
      accounts: ["default"],
      pages: [
        ...DEFAULT_PAGES,
        HTML_PAGE,
        {
          path: "guides/quotes",
          title: `Quotes " } { $x`,
          content: `# Quotes\n\n${GRAPHQL_HOSTILE.join("\n\n")}`,
        },
      ],
    });
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);
    const before = await snapshot(stack);
    const countBefore = stack.wiki.pageCount();
    const opsBefore = stack.wiki.stats().byOperation;

    let asked = 0;
    for (const hostile of GRAPHQL_HOSTILE) {
      for (const text of [
        hostile,
        `/search ${hostile}`,
        `/page ${hostile}`,
        `/page guides/${hostile}`,
        `/recent ${hostile}`,
        `/edit guides/backup\n${hostile}`,
        `/new guides/x ${hostile}\n${hostile}`,
      ]) {
        const reply = await ask(stack, bot, text, 20_000);
        expect(reply.text.length).toBeGreaterThan(0);
        asked++;
      }
    }
    // The pages with hostile texts are answered from like any other.
    expect((await ask(stack, bot, "/page guides/quotes")).text).toContain(GRAPHQL_HOSTILE[0]!.trim());

    const opsAfter = stack.wiki.stats().byOperation;
    const mutationsRun = MUTATIONS.reduce((n, op) => n + (opsAfter[op] ?? 0) - (opsBefore[op] ?? 0), 0);
    expect(stack.wiki.pageCount()).toBe(countBefore);
    expect(await snapshot(stack)).toBe(before);
    expect(mutationsRun).toBe(0);
    // Only the operations the gateway's fixed documents name ever reached the wiki.
    const unexpected = Object.keys(opsAfter).filter(
      (op) => !/^pages\.(list|single|singleByPath|search)$/.test(op),
    );
    expect(unexpected).toEqual([]);
    expect(crashLines(daemon)).toEqual([]);
    summary("graphql-injection", {
      hostileMessages: asked,
      pagesChanged: 0,
      mutationsRun,
      wikiOperations: opsAfter,
    });
  }, 120_000);

  it("an editor's hostile page is stored byte for byte, as the only change", async () => {
    stack = await startStack({ accounts: ["default"] });
    const config = stack.config() as { agents?: Record<string, unknown> };
    config.agents = { main: { editors: [String(stack.user.id)] } };
    stack.writeConfig(config as Record<string, unknown>);
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);
    const before = JSON.parse(await snapshot(stack)) as Array<{ path: string }>;
    const body = `# Hostile\n\n${GRAPHQL_HOSTILE.join("\n\n")}`;
    const created = await ask(stack, bot, `/new guides/hostile-gql Hostile $title "x" {y}\n${body}`);
    expect(created.text).toContain("Created: ");
    const after = JSON.parse(await snapshot(stack)) as Array<{
      path: string;
      content: string;
      title: string;
    }>;
    expect(after.length).toBe(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    const page = after.find((p) => p.path === "guides/hostile-gql")!;
    expect(page.content.trim()).toBe(body.trim());
    expect(page.title).toBe(`Hostile $title "x" {y}`);
    summary("graphql-injection-editor", { pagesCreated: 1, otherPagesChanged: 0 });
  }, 60_000);

  it("HTML in wiki pages and in user text is escaped in replies; no javascript: link is sent", async () => {
    stack = await startStack({ accounts: ["default"], pages: [...DEFAULT_PAGES, HTML_PAGE] });
    const bot = stack.bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => isReady(daemon.httpUrl), 30_000);

    const page = await ask(stack, bot, "/page guides/hostile");
    // Sent at all means the sandbox parsed the HTML; the text shows the tags literally.
    expect(page.parseMode).toBe("HTML");
    expect(page.text).toContain("<script>alert(document.cookie)</script>");
    expect(page.text).toContain("<b>bold</b>");
    expect(page.text).toContain("<img src=x onerror=alert(3)>");
    expect(page.text).toContain(`Hostile <script>alert("t")</script> & "quotes"`);
    const answer = await ask(stack, bot, "restore drill hostile page");
    const userText = `<b>hi</b> & <a href="javascript:alert(9)">x</a> <script>alert(1)</script> </code> &lt;`;
    const echoed = await ask(stack, bot, userText);
    const search = await ask(stack, bot, `/search ${userText}`);
    const pageRef = await ask(stack, bot, `/page ${userText}`);
    const replies = [page, answer, echoed, search, pageRef];
    for (const reply of replies) {
      expect(links(reply).filter((u) => !/^https?:\/\//i.test(u))).toEqual([]);
      const entityTypes = (reply.entities ?? []).map((e) => (e as { type: string }).type);
      // Users' tags never become formatting: nothing here asks for bold, except the bot's own title.
      if (reply !== page && reply !== answer)
        expect(entityTypes.filter((t) => t === "bold" && /<b>hi<\/b>/.test(reply.text))).toEqual([]);
    }
    expect(links(page)).toContain("https://example.org/safe");
    expect(pageRef.text).toContain("<b>hi</b>");
    const all = stack.telegram.sent({ bot });
    expect(all.flatMap(links).filter((u) => /^javascript:/i.test(u))).toEqual([]);
    expect(crashLines(daemon)).toEqual([]);
    summary("html-injection", { hostileReplies: replies.length, javascriptLinks: 0, escaped: true });
  }, 60_000);
});
