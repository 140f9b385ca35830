import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";
import { allPolling, ask, crashLines, dmPhase, summary } from "./lib.js";

/**
 * A hostile wiki: a 50 MB page and GraphQL answers of 100 MB. The page is indexed up to
 * WIKI_PAGE_MAX_BYTES and named by `report` and `doctor`; the oversized answers (chunked, no length) are refused while
 * they arrive. Meanwhile other chats are answered within a second, the event loop is never blocked
 * for 100 ms and the daemon's memory does not grow by 50 MB.
 */
const MB = 1024 * 1024;
const HUGE = `# Huge\n\nThe zeppelin manual.\n\n${"Hangar doors open at dawn for the zeppelin crew. ".repeat((50 * MB) / 50)}`;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("a hostile wiki", () => {
  it("a 50 MB page and 100 MB GraphQL answers: bounded, and nobody else pays for them", async () => {
    stack = await startStack({
      accounts: ["default"],
      pages: [...DEFAULT_PAGES, { path: "guides/huge", title: "Huge", description: "", content: HUGE }],
    });
    const s = stack;
    const bot = s.bots.default!.username;
    const daemon = await s.startDaemon();
    await eventually(() => allPolling(daemon.httpUrl), 20_000);
    await daemon.waitForLog((l) => l.msg === "search index built", 30_000);
    await daemon.waitForLog((l) => l.code === "wiki-page-too-large" && l.page === "guides/huge", 5_000);
    await ask(s, bot, "backup");
    const calm = await dmPhase(daemon, s, bot);
    s.wiki.setAnswerPadding(100 * MB);
    const hostile = await dmPhase(daemon, s, bot);
    await daemon.waitForLog((l) => l.code === "wiki-response-too-large", 15_000);
    s.wiki.setAnswerPadding(0);

    const report = await runCliProcess(["report"], s.env);
    const doctor = await runCliProcess(["doctor"], s.env);
    summary("hostile-wiki", { calm, hostile });
    expect(hostile.dmMsMax).toBeLessThan(1_000);
    // The machine's own load delays timers too: blocks are compared with a calm phase's.
    expect(hostile.loopBlocks).toBeLessThanOrEqual(calm.loopBlocks + 1);
    expect(hostile.rssGrowthMB).toBeLessThan(50);
    expect(report.stdout).toMatch(/en\/guides\/huge/);
    expect(doctor.stdout).toMatch(/pages indexed in part.*en\/guides\/huge/);
    expect(crashLines(daemon)).toEqual([]);
  }, 120_000);
});
