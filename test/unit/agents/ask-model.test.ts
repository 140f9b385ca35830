import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAskCommand } from "../../../src/cli/ask.js";
import { captureIo } from "../../helpers/cli.js";
import { loadHandbookPages, type MemoryWiki } from "../../helpers/memory-wiki.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

/** `ask` with MODEL_URL: the agent's model as the daemon would use it; --no-model leaves it out. */
describe("wiki-gateway ask with a model", () => {
  const standIn = useModelStandIn();
  let dir: string;
  let wiki: MemoryWiki;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ask-model-"));
    wiki = await loadHandbookPages();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const ask = (args: string[], env: Record<string, string> = {}) => {
    const io = captureIo({
      ...env,
      GATEWAY_CONFIG: join(dir, "gateway.json"),
      GATEWAY_STATE_DIR: join(dir, "state"),
      WIKI_URL: "https://wiki.example.com",
      MODEL_URL: standIn.baseUrl(),
    });
    return createAskCommand({ makeWiki: () => wiki })
      .run(args, io)
      .then((code) => ({ code, out: io.stdout(), err: io.stderr() }));
  };

  it("asks the model MODEL_URL names (its first listed model) and answers from the cited passage", async () => {
    standIn.server.script(
      { content: "git reset undo commit", when: "search query" },
      { content: "Use git reset --soft HEAD~1 [1].", when: "Passages:" },
    );
    const { code, out } = await ask(["--json", "oops, take back what I just committed"]);
    expect(code).toBe(0);
    const result = JSON.parse(out) as { answer: string; sources: Array<{ title: string }> };
    expect(result.answer).toContain("Use git reset --soft HEAD~1 [1].");
    const received = standIn.server.received();
    expect(received.map((r) => r.model)).toEqual(["m1", "m1"]);
    // The sources are the cited passages' pages first (here passage [1]'s alone), then the
    // "See also" pages the answer links after them.
    const first = /^\[1\] ([^\n›(]+?)(?: ›| \(|\n)/m.exec(received[1]!.messages.at(-1)!.content)![1];
    expect(result.sources[0]!.title).toBe(first);
    expect(result.sources.slice(1).map((s) => s.title)).not.toContain(first);
    if (result.sources.length > 1) expect(result.answer).toContain("See also");
  });

  it("--no-model answers without it", async () => {
    standIn.server.setDefault({ content: "anything [1]" });
    const { code } = await ask(["--no-model", "how do I undo the last git commit"]);
    expect(code).toBe(0);
    expect(standIn.server.received()).toHaveLength(0);
  });

  it("MODEL_LOG_PROMPTS puts each prompt and reply on stderr, redacted; without it, none", async () => {
    const question = "oops, take back what I committed, mail me at dev@example.com";
    const script = () =>
      standIn.server.script(
        { content: "git reset undo commit", when: "search query" },
        { content: "Use git reset --soft HEAD~1 [1].", when: "Passages:" },
      );
    script();
    const quiet = await ask([question]);
    expect(quiet.err).not.toContain("take back");
    script();
    const { code, err } = await ask([question], { MODEL_LOG_PROMPTS: "true" });
    expect(code).toBe(0);
    const lines = err
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { purpose: string; prompt: string; reply: string });
    expect(lines.map((l) => l.purpose)).toEqual(["rewrite", "answer"]);
    expect(lines[0]!.prompt).toBe("oops, take back what I committed, mail me at [e-mail]");
    expect(lines[0]!.reply).toBe("git reset undo commit");
    expect(err).not.toContain("dev@example.com");
  });
});
