import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createEditorsReport, type DigestTarget } from "../../../src/pipeline/editors-report.js";
import { openDigestStamps } from "../../../src/state/digest-file.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-28T12:00:00.000Z");

async function setup(lines: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "wg-editors-"));
  const gapLogFile = join(dir, "questions.jsonl");
  writeFileSync(gapLogFile, lines.map((l) => `${l}\n`).join(""));
  const wiki = createMemoryWiki([{ path: "it/vpn", title: "VPN", content: "Connect." }]);
  const agent = resolveAgentSettings(
    "main",
    {
      unanswered: { pageEveryHours: 24, days: 7, digest: { account: "default", chatId: -100, everyDays: 7 } },
    } as never,
    "http://wiki.test/graphql",
  );
  const sent: Array<{ target: DigestTarget; chunks: string[] }> = [];
  let polling = true;
  let now = START;
  const stamps = await openDigestStamps(join(dir, "digests.json"));
  const report = createEditorsReport({
    agents: () => [agent],
    wiki,
    gapLogFile,
    feedbackLogFile: join(dir, "votes.jsonl"),
    stamps,
    send: async (target, chunks) => {
      if (!polling) return false;
      sent.push({ target, chunks });
      return true;
    },
    logger: createMemoryLogger().logger,
    now: () => now,
  });
  return {
    report,
    wiki,
    sent,
    dir,
    advance: (ms: number) => (now += ms),
    setPolling: (on: boolean) => (polling = on),
  };
}

const gapLine = (question: string, at: string) =>
  JSON.stringify({ v: 1, at, agent: "main", kind: "nothing", question });

describe("the editors' report schedule", () => {
  it("refreshes the page at the first check and then every pageEveryHours; sends the digest when due and not empty", async () => {
    const s = await setup([gapLine("how do I reset the VPN token?", "2026-11-28T10:00:00.000Z")]);
    s.setPolling(false);
    await s.report.check();
    expect(s.wiki.calls.createPage).toBe(1);
    expect(s.sent).toHaveLength(0); // the account is not polling: tried again at the next check
    s.setPolling(true);
    s.advance(HOUR);
    await s.report.check();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]!.target).toEqual({ account: "default", chatId: -100 });
    expect(s.sent[0]!.chunks.join("")).toContain("how do I reset the VPN token?");
    expect(s.wiki.calls.getPageByPath).toBe(1); // the page waits for its 24 h

    s.advance(24 * HOUR);
    await s.report.check();
    expect(s.wiki.calls.getPageByPath).toBe(2);
    expect(s.wiki.calls.updatePage).toBe(0); // nothing new: not written
    expect(s.sent).toHaveLength(1); // the digest waits for its week

    s.advance(7 * 24 * HOUR);
    await s.report.check();
    expect(s.sent).toHaveLength(1); // a week later the question is out of the window: nothing to tell
    expect(s.wiki.calls.updatePage).toBe(1); // and the page says so
  });

  it("remembers the last digest across restarts (the stamps file)", async () => {
    const s = await setup([gapLine("printer offline", "2026-11-28T10:00:00.000Z")]);
    await s.report.check();
    expect(s.sent).toHaveLength(1);
    const again = await openDigestStamps(join(s.dir, "digests.json"));
    expect(again.lastSent("main")).toBe(START);
  });
});
