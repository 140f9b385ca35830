import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { describeWhere } from "../helpers/needs.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { fill, tmpfs, unmountAll } from "./mounts.js";
import { crashLines, isReady, repliesPerMessage, summary } from "./lib.js";

/**
 * Issue 11, disk: the state directory's disk fills up while the daemon runs (a small tmpfs). The
 * daemon must report not-ready instead of losing journal entries. Needs root with mount(2) (as in
 * the CI container), since nothing else makes a disk really full: see describeWhere for elsewhere.
 */

let stack: Stack | undefined;
const mounts: string[] = [];
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  unmountAll(mounts);
});

describeWhere("mount", "state directory on a full disk", () => {
  it("full while running: not ready instead of losing journal entries; everything answered once space is back", async () => {
    stack = await startStack({ accounts: ["default"] });
    const bot = stack.bots.default!.username;
    const dir = tmpfs(mounts, join(stack.dir, "small-state"), "2m");
    const daemon = await stack.startDaemon({ env: { GATEWAY_STATE_DIR: dir } });
    await eventually(() => isReady(daemon.httpUrl), 30_000);

    const filler = fill(dir);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        stack.telegram.userSays({ from: stack.user.id, chat: { bot }, text: `backup ${i}` }).messageId,
      );
    // The daemon notices: not ready, and it says why.
    await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 503, 20_000).catch(
      (error: unknown) => {
        throw new Error(
          `${String(error)}; answered ${ids.filter((id) => repliesPerMessage(stack!, bot).has(id)).length} of ${ids.length}, pending at Telegram ${stack!.telegram.pendingUpdates(bot)}; warnings:\n${daemon
            .logLines()
            .filter((l) => Number(l.level) >= 40)
            .map((l) => JSON.stringify(l).slice(0, 300))
            .join("\n")}`,
        );
      },
    );
    const readyz = await (await fetch(`${daemon.httpUrl}/readyz`)).text();
    expect(readyz).toMatch(/ENOSPC|space|disk|journal|state/i);
    expect((await fetch(`${daemon.httpUrl}/healthz`)).status).toBe(200);
    const answeredWhileFull = ids.filter((id) => repliesPerMessage(stack!, bot).has(id)).length;
    // None of them may be lost: all are answered once space is back (below).

    rmSync(filler);
    await eventually(() => isReady(daemon.httpUrl), 30_000);
    await eventually(() => ids.every((id) => repliesPerMessage(stack!, bot).has(id)), 30_000, 200);
    expect(crashLines(daemon)).toEqual([]);
    summary("disk-full", {
      messagesSent: ids.length,
      answeredWhileFull,
      messagesAnswered: ids.filter((id) => repliesPerMessage(stack!, bot).has(id)).length,
      reportedNotReady: true,
    });
  }, 120_000);
});
