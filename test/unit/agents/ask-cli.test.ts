import { mkdtemp, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAskCommand } from "../../../src/cli/ask.js";
import { UsageError } from "../../../src/cli/command.js";
import { captureIo } from "../../helpers/cli.js";
import { loadHandbookPages, type MemoryWiki } from "../../helpers/memory-wiki.js";

describe("wiki-gateway ask", () => {
  let dir: string;
  let wiki: MemoryWiki;
  let env: Record<string, string>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ask-"));
    wiki = await loadHandbookPages();
    env = {
      GATEWAY_CONFIG: join(dir, "gateway.json"),
      GATEWAY_STATE_DIR: join(dir, "state"),
      WIKI_URL: "https://wiki.example.com",
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const ask = (args: string[], stdin?: string) => {
    const io = captureIo(env);
    const command = createAskCommand({
      makeWiki: () => wiki,
      ...(stdin !== undefined ? { stdin: () => Readable.from([stdin]) } : {}),
    });
    return command.run(args, io).then((code) => ({ code, out: io.stdout(), err: io.stderr() }));
  };

  it("answers one question as text with its sources, and saves the index it built", async () => {
    const { code, out, err } = await ask(["how", "do", "I", "undo", "the", "last", "git", "commit"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Git workflow\n/);
    expect(out).toContain("Branches, commits and pull requests");
    expect(out).not.toMatch(/<\/?(b|i|code|a)\b/);
    expect(out).toMatch(
      /Sources:\n {2}1\. Git workflow — https:\/\/wiki\.example\.com\/en\/handbook\/engineering\/git-workflow \(score [\d.]+\)/,
    );
    expect(err).toContain("building the search index");
    expect((await stat(join(dir, "state", "index", "search.idx"))).isFile()).toBe(true);
  });

  it("--json prints the answer and its sources", async () => {
    const { code, out } = await ask(["--json", "who is on call this week"]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result.found).toBe(true);
    expect(typeof result.answer).toBe("string");
    expect(result.sources[0]).toEqual({
      path: expect.stringMatching(/^handbook\/(engineering|support)\/on-call$/),
      locale: "en",
      // Both on-call pages are shown (answer and See also): each is told apart by its folder.
      title: expect.stringMatching(/^On-call · (engineering|support)$/),
      url: expect.stringMatching(
        /^https:\/\/wiki\.example\.com\/en\/handbook\/(engineering|support)\/on-call$/,
      ),
      score: expect.any(Number),
    });
    for (const s of result.sources as Array<{ path: string; title: string }>)
      if (s.path.endsWith("/on-call")) expect(s.title).toBe(`On-call · ${s.path.split("/")[1]}`);
  });

  it("reads questions from stdin, one result per line, with one start-up", async () => {
    const { code, out } = await ask(
      ["--json"],
      "undo the last git commit\n\nchocolate cake recipe\nwho is on call\n",
    );
    expect(code).toBe(0);
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.question, l.found])).toEqual([
      ["undo the last git commit", true],
      ["chocolate cake recipe", false],
      ["who is on call", true],
    ]);
    expect(wiki.calls.listPages).toBe(1);

    const text = await ask([], "undo the last git commit\nchocolate cake recipe\n");
    expect(text.out.split("\n").filter(Boolean)).toEqual([
      "undo the last git commit\tGit workflow\thttps://wiki.example.com/en/handbook/engineering/git-workflow",
      "chocolate cake recipe\t(nothing found)",
    ]);
  });

  const indexFile = () => join(dir, "state", "index", "search.idx");
  const ageIndex = async (seconds: number) => {
    const then = new Date(Date.now() - seconds * 1000);
    await utimes(indexFile(), then, then);
  };
  const wikiRequests = () => Object.values(wiki.calls).reduce((a, b) => a + b, 0);

  it("a second run loads the saved index and only refreshes it (--refresh)", async () => {
    await ask(["vacation"]);
    const reads = wiki.calls.getPage;
    const lists = wiki.calls.listPages;
    const { code, err } = await ask(["--refresh", "how many vacation days do I get"]);
    expect(code).toBe(0);
    expect(err).not.toContain("building");
    expect(err).toContain("refreshed from the wiki");
    expect(wiki.calls.listPages).toBe(lists + 1);
    expect(wiki.calls.getPage).toBe(reads);
  });

  it("a saved index younger than the refresh interval answers with no wiki request, and says its age", async () => {
    await ask(["vacation"]);
    await ageIndex(90);
    const before = wikiRequests();
    const { code, out, err } = await ask(["--json", "how many vacation days do I get"]);
    expect(code).toBe(0);
    expect(wikiRequests()).toBe(before);
    expect(err).toMatch(/saved index, checked against the wiki 9\d s ago/);
    expect(JSON.parse(out).indexAgeSeconds).toBeGreaterThanOrEqual(90);
  });

  it("a saved index older than the refresh interval is refreshed first, and its age renewed", async () => {
    await ask(["vacation"]);
    await ageIndex(301);
    const lists = wiki.calls.listPages;
    const { code, out, err } = await ask(["--json", "how many vacation days do I get"]);
    expect(code).toBe(0);
    expect(wiki.calls.listPages).toBe(lists + 1);
    expect(err).toContain("refreshed from the wiki");
    expect(JSON.parse(out).indexAgeSeconds).toBe(0);
    expect(Date.now() - (await stat(indexFile())).mtimeMs).toBeLessThan(60_000);
    env.WIKI_INDEX_REFRESH_SECONDS = "3600";
    await ageIndex(600);
    await ask(["vacation"]);
    expect(wiki.calls.listPages).toBe(lists + 1);
  });

  it("--refresh refreshes a fresh saved index", async () => {
    await ask(["vacation"]);
    const lists = wiki.calls.listPages;
    await ask(["vacation"]);
    expect(wiki.calls.listPages).toBe(lists);
    await ask(["--refresh", "vacation"]);
    expect(wiki.calls.listPages).toBe(lists + 1);
  });

  it("links to the wiki's pages when WIKI_URL names its /graphql endpoint", async () => {
    env.WIKI_URL = "https://wiki.example.com/graphql";
    const { code, out } = await ask(["--json", "undo the last git commit"]);
    expect(code).toBe(0);
    expect(JSON.parse(out).sources[0].url).toBe(
      "https://wiki.example.com/en/handbook/engineering/git-workflow",
    );
  });

  it("nothing found exits 1 with an honest reply", async () => {
    const { code, out } = await ask(["chocolate cake recipe"]);
    expect(code).toBe(1);
    expect(out).toContain("I found nothing about “chocolate cake recipe”");
  });

  it("uses an agent from gateway.json: its section and public URL", async () => {
    await writeFile(
      env.GATEWAY_CONFIG!,
      JSON.stringify({
        defaultAccount: "main",
        accounts: {
          main: { botToken: `123456:${"a".repeat(35)}`, dmPolicy: "open", allowFrom: ["*"] },
          other: { botToken: `654321:${"b".repeat(35)}`, dmPolicy: "open", allowFrom: ["*"] },
        },
        bindings: [
          { agentId: "linux", match: { channel: "telegram", accountId: "main" } },
          { agentId: "all", match: { channel: "telegram", accountId: "other" } },
        ],
        agents: {
          linux: { section: "handbook/support", publicBaseUrl: "https://docs.example.org" },
          all: {},
        },
      }),
    );
    const bound = JSON.parse((await ask(["--json", "who is on call this week"])).out);
    expect(bound.sources[0].url).toBe("https://docs.example.org/en/handbook/support/on-call");
    for (const s of bound.sources) expect(s.path.startsWith("handbook/support/")).toBe(true);
    const all = JSON.parse((await ask(["--json", "--agent", "all", "undo the last git commit"])).out);
    expect(all.sources[0].url).toBe("https://wiki.example.com/en/handbook/engineering/git-workflow");
    await expect(ask(["--agent", "nope", "x"])).rejects.toBeInstanceOf(UsageError);
  });

  it("--agent takes a bound agent that has no agents entry, with the defaults", async () => {
    await writeFile(
      env.GATEWAY_CONFIG!,
      JSON.stringify({
        defaultAccount: "main",
        accounts: {
          main: {
            botToken: `123456:${"a".repeat(35)}`,
            groups: { "-1001234567890": { topics: { "7": { agentId: "vera" } } } },
          },
          vera: { botToken: `654321:${"b".repeat(35)}` },
        },
        bindings: [
          { agentId: "linux", match: { channel: "telegram", accountId: "main" } },
          { agentId: "vera", match: { channel: "telegram", accountId: "vera" } },
        ],
        agents: { linux: { section: "handbook/support", publicBaseUrl: "https://docs.example.org" } },
      }),
    );
    const { code, out } = await ask(["--json", "--agent", "vera", "undo the last git commit"]);
    expect(code).toBe(0);
    expect(JSON.parse(out).sources[0].url).toBe(
      "https://wiki.example.com/en/handbook/engineering/git-workflow",
    );
    const refused = ask(["--agent", "nope", "x"]);
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow("(known: linux, vera)");
  });

  it("a wiki that fails while building reports the error", async () => {
    wiki.failWith(new Error("connect ECONNREFUSED"));
    await expect(ask(["vacation"])).rejects.toThrow("ECONNREFUSED");
  });
});
