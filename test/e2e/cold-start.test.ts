import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually, readiness } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";

/**
 * The daemon before its search index is built, against the sandboxes: what it shows from the
 * wiki's own search, when it tries a wiki that was not there at start, and what `ask` keeps from
 * a key the wiki does not accept.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const PRIVATE_PAGE = {
  path: "hr/salaries",
  title: "Salaries",
  description: "Salary bands",
  content: "# Salaries\n\nThe salary bands are confidential: band A earns 123456 a year.",
  isPrivate: true,
};

describe("cold start (daemon against both sandboxes)", () => {
  it("while the index is built, answers and /search from the wiki's own search never show a private page", async () => {
    stack = await startStack({ accounts: ["default"], pages: [...DEFAULT_PAGES, PRIVATE_PAGE] });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    // Reading pages by id (the index build, and the check of the key) waits: the index stays unbuilt.
    stack.wiki.holdOperation("pages.single");
    const daemon = await stack.startDaemon();
    const ask = async (text: string) => {
      const said = telegram.userSays({ from: user.id, chat: { bot }, text });
      return telegram.waitForSent(
        (m) => m.bot === bot && m.chatId === user.id && m.replyToMessageId === said.messageId,
        15_000,
      );
    };

    const publicAnswer = await ask("how do I restore a backup?");
    expect(publicAnswer.text).toContain("still being built");
    expect(publicAnswer.text).toContain("restore --latest");

    const salaries = await ask("what are the salaries?");
    expect(salaries.text).not.toMatch(/123456|confidential|Salary bands/);
    expect(JSON.stringify(salaries.entities ?? [])).not.toContain("hr/salaries");
    expect(salaries.text).toMatch(/found nothing/i);

    const search = await ask("/search salar");
    expect(search.text).toMatch(/No page matches/);
    expect(JSON.stringify(search.entities ?? [])).not.toContain("hr/salaries");
    const backups = await ask("/search backup");
    expect(backups.text).toContain("Backups");

    const ready = await readiness(daemon.httpUrl);
    expect(ready.body.checks.index).toEqual({ ok: false, detail: "the search index is being built" });
  });

  it("a wiki that starts after the gateway is found within seconds, and /readyz says when it is tried next", async () => {
    stack = await startStack({ accounts: ["default"], env: { WIKI_INDEX_REFRESH_SECONDS: "300" } });
    await stack.wiki.setDown(true);
    const daemon = await stack.startDaemon();
    const down = await eventually(async () => {
      const r = await readiness(daemon.httpUrl);
      return r.body.checks.wiki?.detail?.includes("next try") ? r : undefined;
    }, 20_000);
    expect(down.status).toBe(503);
    expect(down.body.checks.wiki?.detail).toMatch(/cannot be reached.*; next try (in \d+ s|now)$/);
    expect(down.body.checks.index?.detail).toMatch(/^the search index is not built: the wiki is not usable/);

    await stack.wiki.setDown(false);
    const upAt = Date.now();
    await eventually(async () => (await readiness(daemon.httpUrl)).status === 200, 40_000, 200);
    // The retries back off from 2 s: far sooner than the 300 s refresh interval.
    expect(Date.now() - upAt).toBeLessThan(40_000);
    await daemon.waitForLog((l) => l.msg === "search index built");
  });

  it("ask with a key the wiki does not accept fails with the cause and saves no index", async () => {
    stack = await startStack({ accounts: ["default"] });
    const tokenFile = stack.env.WIKI_TOKEN_FILE!;
    const good = readFileSync(tokenFile, "utf8").trim();
    const dot = good.lastIndexOf(".");
    const badlySigned = `${good.slice(0, dot + 1)}${good[dot + 1] === "A" ? "B" : "A"}${good.slice(dot + 2)}`;
    writeFileSync(tokenFile, badlySigned, { mode: 0o600 });
    const refused = await runCliProcess(["ask", "how do I restore a backup?"], stack.env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/manage:pages/);
    expect(refused.stderr).not.toMatch(/indexed 0 pages/);
    expect(existsSync(join(stack.stateDir, "index", "search.idx"))).toBe(false);

    writeFileSync(tokenFile, good, { mode: 0o600 });
    const answered = await runCliProcess(["ask", "how do I restore a backup?"], stack.env);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toContain("restore --latest");
  });
});
