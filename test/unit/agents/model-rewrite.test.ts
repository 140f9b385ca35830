import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { fuseRuns } from "../../../src/agents/fused-ranking.js";
import { createQuestionRewriter } from "../../../src/agents/question-rewriter.js";
import { createSearchIndex, type RankedPage } from "../../../src/wiki/search-index/index.js";
import { createMemoryWiki, enPage } from "../../helpers/memory-wiki.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

const page = enPage;

/** Pages whose words a question shares little of: "reverse cat" is tac, "keep the mac awake" is caffeinate. */
const wiki = createMemoryWiki([
  page(
    "tldr/common/cat",
    "cat",
    "Print and concatenate files.",
    "# cat\n\nPrint the contents of a file:\n\n`cat path/to/file`\n\nPrint the lines of a file in order, first line first.",
  ),
  page(
    "tldr/common/tac",
    "tac",
    "Display and concatenate files with lines in reversed order.",
    "# tac\n\nConcatenate files in reversed order:\n\n`tac path/to/file`",
  ),
  page(
    "tldr/osx/caffeinate",
    "caffeinate",
    "Prevent macOS from sleeping.",
    "# caffeinate\n\nPrevent sleep for one hour:\n\n`caffeinate -u -t 3600`",
  ),
  page(
    "tldr/common/wget",
    "wget",
    "Download files from the web.",
    "# wget\n\nDownload the contents of a URL to a file, a long download that keeps running:\n\n`wget https://example.com/foo`",
  ),
]);
const index = createSearchIndex();
const standIn = useModelStandIn({}, () => index.build(wiki));
const server = standIn.server;

const client = (timeoutMs = 2000) => standIn.client({ timeoutMs });
const withModel = resolveAgentSettings(
  "tldr",
  { section: "", locale: "en", editors: [], answerLength: 600, model: "local" },
  "http://w",
);
const answererWith = (c = client()) =>
  createAnswerer({
    index,
    wiki,
    rewriter: createQuestionRewriter({ models: (name) => (name === "local" ? c : undefined) }),
  });
const top = async (question: string, answerer = answererWith(), agent = withModel) =>
  (await answerer.answer(question, agent, { account: "bot1" })).sources.map((s) => s.path);

describe("the question rewritten by the model joins the search", () => {
  it("finds the page the model names though the question shares no word with it", async () => {
    const question = "keep my mac awake while a long download runs";
    const without = await top(question, createAnswerer({ index, wiki }));
    expect(without[0]).not.toBe("tldr/osx/caffeinate");
    server.script({ content: "<think>macOS sleep prevention</think>caffeinate prevent sleep macOS awake" });
    expect((await top(question))[0]).toBe("tldr/osx/caffeinate");
  });

  it("sends only the question, in the rewrite prompt, and caches the rewrite by agent and question", async () => {
    server.script({ content: "tac reversed order lines" });
    const answerer = answererWith();
    expect((await top("is there like a reverse cat", answerer))[0]).toBe("tldr/common/tac");
    expect((await top("  Is there like a REVERSE cat ", answerer))[0]).toBe("tldr/common/tac");
    const received = server.received();
    expect(received).toHaveLength(1);
    expect(received[0]!.messages.at(-1)).toEqual({ role: "user", content: "is there like a reverse cat" });
    expect(JSON.stringify(received[0]!.messages)).not.toContain("Concatenate files");
  });

  it.each([
    ["a 500", { status: 500 }],
    ["a 429", { status: 429, retryAfterS: 5 }],
    ["a malformed reply", { malformed: true }],
    ["an empty reply", { content: "<think>hmm</think>" }],
    ["a reply slower than the timeout", { content: "tac", delayMs: 1000 }],
  ])("answers as without a model on %s", async (_name, reply) => {
    const question = "print a file";
    const floor = await top(question, createAnswerer({ index, wiki }));
    server.script(reply);
    const started = Date.now();
    expect(await top(question, answererWith(client(300)))).toEqual(floor);
    // The floor comes within the timeout and a margin (a loaded machine's, not the product's).
    expect(Date.now() - started).toBeLessThan(300 + 200);
  });

  it("asks no model for an agent whose modelUse is off", async () => {
    const off = resolveAgentSettings(
      "tldr",
      { section: "", locale: "en", editors: [], answerLength: 600, model: "local", modelUse: "off" },
      "http://w",
    );
    server.setDefault({ content: "tac" });
    await top("print a file", answererWith(), off);
    expect(server.received()).toHaveLength(0);
  });
});

describe("the rewrite in a conversation", () => {
  const earlier = [
    {
      question: "how do i keep my mac awake",
      pages: [{ path: "tldr/osx/caffeinate", locale: "en", title: "caffeinate" }],
      at: 0,
    },
  ];

  it("sees the earlier question and its pages' titles, and its line is searched", async () => {
    server.script({ content: "wget download url file" });
    const answer = await answererWith().answer("and how do i download a url with it running?", withModel, {
      account: "bot1",
      earlier,
    });
    expect(answer.sources[0]?.path).toBe("tldr/common/wget");
    expect(answer.searched).toBe("wget download url file");
    const [request] = server.received();
    expect(request!.messages[0]!.content).toContain("does not depend on the earlier ones");
    expect(request!.messages.at(-1)!.content).toBe(
      "Earlier messages:\n1. how do i keep my mac awake (answered with: caffeinate)\n\nLatest message: and how do i download a url with it running?",
    );
  });

  it("without a model, a follow-up is searched with the question before it and says so", async () => {
    const plain = createAnswerer({ index, wiki });
    const alone = await plain.answer("and during a long download?", withModel, { account: "bot1" });
    expect(alone.sources[0]?.path).not.toBe("tldr/osx/caffeinate");
    const followUp = await plain.answer(
      "and during a long download?",
      { ...withModel, modelUse: "off" },
      {
        account: "bot1",
        earlier: [{ ...earlier[0]!, searched: "caffeinate prevent sleep" }],
      },
    );
    expect(followUp.sources[0]?.path).toBe("tldr/osx/caffeinate");
    expect(followUp.html).toContain("Following up on «caffeinate».");
    expect(followUp.searched).toBe("caffeinate prevent sleep and during a long download?");
  });

  it("keeps a conversation's rewrite apart from the same message's alone", async () => {
    server.script({ content: "tac reversed" }, { content: "cat print" });
    const answerer = answererWith();
    await answerer.answer("and reversed?", withModel, { account: "bot1", earlier });
    await answerer.answer("and reversed?", withModel, { account: "bot1" });
    const received = server.received();
    expect(received).toHaveLength(2);
    expect(received[1]!.messages.at(-1)).toEqual({ role: "user", content: "and reversed?" });
  });
});

describe("reciprocal rank fusion", () => {
  const ranked = (...paths: string[]) =>
    paths.map(
      (path) =>
        ({ page: { path, locale: "en" }, score: 1, coverage: 1, passages: [] }) as unknown as RankedPage,
    );
  it("puts first a page both runs rank high over one a single run ranks first", () => {
    const fused = fuseRuns(
      [
        { query: "a", ranked: ranked("x", "both", "y"), weight: 1 },
        { query: "b", ranked: ranked("z", "both"), weight: 1 },
      ],
      3,
    );
    expect(fused.map((r) => r.page.path)).toEqual(["both", "x", "z"]);
  });
});
