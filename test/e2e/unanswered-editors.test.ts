import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWikiClient } from "../../src/wiki/client/wiki-client.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually, readiness } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * The questions the wiki left unanswered, where editors work: asked through the Telegram sandbox,
 * they appear on the agent's wiki page (written through the sandbox wiki's GraphQL) and in the
 * digest the bot sends to the editors' group, redacted, never with who asked. A restart with
 * nothing new leaves the page as it is and sends no second digest within the week.
 */
let stack: Stack | undefined;
afterAll(() => stack?.close());

const PAGE = "_gateway/unanswered/main";

describe("unanswered questions for editors (daemon against the sandboxes)", () => {
  it("shows this week's unanswered questions on a wiki page and in the editors' chat, once per change", async () => {
    stack = await startStack({
      accounts: ["default"],
      config: {
        agents: {
          main: { unanswered: { digest: { account: "default", chatId: 0, language: "de" } } },
        },
      },
      env: { GATEWAY_EDITORS_REPORT_SECONDS: "1" },
    });
    const { telegram, bots, user, group } = stack;
    const config = stack.config() as { agents: { main: { unanswered: { digest: { chatId: number } } } } };
    config.agents.main.unanswered.digest.chatId = group.id;
    stack.writeConfig(config);
    const bot = bots.default!.username;
    const wiki = createWikiClient({ baseUrl: stack.wikiUrl, tokenFile: stack.env.WIKI_TOKEN_FILE! });

    let daemon = await stack.startDaemon();
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 20_000);
    const asked = [
      "quantum chromodynamics lattice, call me at +7 912 345-67-89",
      "Quantum chromodynamics lattice?",
      "frobnicate the zyxxy gasket, mail ada@example.org",
    ];
    for (const text of asked) {
      const said = telegram.userSays({ from: user.id, chat: { bot }, text });
      await telegram.waitForSent((m) => m.replyToMessageId === said.messageId, 15_000);
    }

    // The digest: in the group, in its language, the questions grouped and redacted.
    const digest = await telegram.waitForSent(
      (m) => m.chatId === group.id && /Unbeantwortete/.test(m.text),
      20_000,
    );
    expect(digest.text).toMatch(/2× quantum chromodynamics lattice, call me at \[number\]/i);
    expect(digest.text).toContain("frobnicate the zyxxy gasket, mail [e-mail]");
    for (const secret of ["912", "ada@example.org", String(user.id), "Ada"])
      expect(digest.text).not.toContain(secret);

    // The page is refreshed at start (then daily): a restart brings the questions onto it.
    await daemon.stop();
    daemon = await stack.startDaemon();
    const page = await eventually(async () => {
      const p = await wiki.getPageByPath(PAGE, "en");
      return p?.content.includes("gasket") ? p : undefined;
    }, 20_000);
    expect(page.title).toBe("Questions the wiki left unanswered");
    expect(page.isPublished).toBe(true);
    // (Markdown-escaped: the brackets of "[number]" are text, not a link.)
    expect(page.content).toMatch(/quantum chromodynamics lattice, call me at \\\[number\\\]/i);
    expect(page.content).toContain("| 2 |");
    for (const secret of ["912", "ada@example.org", String(user.id), "Ada"])
      expect(page.content).not.toContain(secret);

    // Nothing new: another restart writes nothing and sends no second digest this week.
    const updates = stack.wiki.stats().byOperation["pages.update"] ?? 0;
    const creates = stack.wiki.stats().byOperation["pages.create"] ?? 0;
    await daemon.stop();
    daemon = await stack.startDaemon();
    await daemon.waitForLog((l) => l.msg === "unanswered questions page refreshed", 20_000);
    expect(stack.wiki.stats().byOperation["pages.update"] ?? 0).toBe(updates);
    expect(stack.wiki.stats().byOperation["pages.create"] ?? 0).toBe(creates);
    expect(
      telegram.sent({ chat: group.id } as never).filter((m) => /Unbeantwortete/.test(m.text)),
    ).toHaveLength(1);
    const stamps = JSON.parse(readFileSync(join(stack.stateDir, "unanswered", "digests.json"), "utf8"));
    expect(Object.keys(stamps)).toEqual(["main"]);

    // doctor checks that the key may write the page.
    const doctor = await runCliProcess(["doctor", "--json"], stack.env);
    const checks = (
      JSON.parse(doctor.stdout) as { checks: Array<{ check: string; status: string; detail: string }> }
    ).checks;
    expect(checks.find((c) => c.check === "write rights")).toMatchObject({
      status: "ok",
      detail: expect.stringContaining(PAGE),
    });

    // The page is never an answer: asking for its words finds nothing of it.
    const probe = telegram.userSays({ from: user.id, chat: { bot }, text: "zyxxy gasket" });
    const reply = await telegram.waitForSent((m) => m.replyToMessageId === probe.messageId, 15_000);
    expect(reply.text).not.toContain("gateway");
    expect(reply.text).not.toMatch(/unanswered/i);
  }, 120_000);
});
