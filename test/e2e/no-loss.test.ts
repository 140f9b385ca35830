import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * Issue 5's "no lost messages": kill -9 in the middle of a burst, SIGTERM during a burst.
 * Replies are matched to questions by reply_to message id.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

function repliesPerMessage(stack: Stack, bot: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const m of stack.telegram.sent({ bot })) {
    if (m.replyToMessageId !== undefined)
      counts.set(m.replyToMessageId, (counts.get(m.replyToMessageId) ?? 0) + 1);
  }
  return counts;
}

async function polling(url: string): Promise<boolean> {
  const body = (await (await fetch(`${url}/status`)).json()) as { accounts: Array<{ status: string }> };
  return body.accounts.every((a) => a.status === "polling");
}

describe("no lost messages", () => {
  it("kill -9 in the middle of a burst of 500 messages: after a restart every message is answered once", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    let daemon = await stack.startDaemon();
    await eventually(() => polling(daemon.httpUrl), 20_000);

    const messageIds: number[] = [];
    for (let i = 0; i < 500; i++) {
      messageIds.push(
        telegram.userSays({ from: user.id, chat: { bot }, text: `backup question ${i}` }).messageId,
      );
    }
    await eventually(() => repliesPerMessage(stack!, bot).size >= 120, 30_000, 20);
    daemon.child.kill("SIGKILL");
    await daemon.exited;
    const answeredBeforeCrash = repliesPerMessage(stack, bot).size;
    expect(answeredBeforeCrash).toBeLessThan(500);

    daemon = await stack.startDaemon();
    await eventually(() => repliesPerMessage(stack!, bot).size === 500, 60_000, 100);
    await new Promise((r) => setTimeout(r, 1000)); // a late duplicate would show up now

    const counts = repliesPerMessage(stack, bot);
    expect(messageIds.every((id) => counts.get(id) !== undefined)).toBe(true);
    // A reply Telegram accepted just before the kill, whose acceptance the daemon never read, is the
    // one case sent twice; the restarted daemon names those updates in its log.
    const replay = daemon.logLines().find((l) => l.msg === "replaying unfinished updates") as
      { ambiguous?: number[] } | undefined;
    const ambiguousUpdates = new Set(replay?.ambiguous ?? []);
    const duplicates = [...counts.entries()].filter(([, n]) => n > 1);
    expect(duplicates.length).toBeLessThanOrEqual(ambiguousUpdates.size);
    expect(counts.size).toBe(500);
  }, 90_000);

  it("SIGTERM during a burst: everything fetched is answered before exit 0; the rest after restart", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    let daemon = await stack.startDaemon();
    await eventually(() => polling(daemon.httpUrl), 20_000);
    for (let i = 0; i < 300; i++)
      telegram.userSays({ from: user.id, chat: { bot }, text: `onboarding ${i}` });
    await eventually(() => repliesPerMessage(stack!, bot).size >= 50, 30_000, 20);
    const code = await daemon.stop("SIGTERM");
    expect(code).toBe(0);
    expect(daemon.logs()).toMatch(/gateway stopped/);
    // Nothing fetched is left unanswered: what is not answered is still unconfirmed at Telegram.
    const answered = repliesPerMessage(stack, bot).size;
    expect(answered + telegram.pendingUpdates(bot)).toBeGreaterThanOrEqual(300);
    // The stop flushed the state files: every message answered is in the reply memory on disk.
    const remembered = new Set(
      readFileSync(join(stack.stateDir, "edits", "replies.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { m: number }).m),
    );
    expect(remembered.size).toBeGreaterThanOrEqual(answered);

    daemon = await stack.startDaemon();
    await eventually(() => repliesPerMessage(stack!, bot).size === 300, 60_000, 100);
    await new Promise((r) => setTimeout(r, 1000));
    expect([...repliesPerMessage(stack, bot).values()].every((n) => n === 1)).toBe(true);
  }, 90_000);
});
