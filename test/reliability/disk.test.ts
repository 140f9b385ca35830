import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeWhere } from "../helpers/needs.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { sleep, summary } from "./lib.js";
import { tmpfs, unmountAll } from "./mounts.js";

/**
 * Issue 11, disk: a state directory that cannot be written stops the start with a clear error
 * (code and remedy, no stack trace) and a non-zero exit. Tests run as root, so permission bits do
 * not stop writes: the directories here are unwritable for everyone (below a regular file, in /sys).
 */
let stack: Stack | undefined;
const mounts: string[] = [];
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  unmountAll(mounts);
});

describe("unwritable state directory", () => {
  it("refuses to start with a clear error and a non-zero exit", async () => {
    stack = await startStack({ accounts: ["default"] });
    const blocker = join(stack.dir, "not-a-directory");
    writeFileSync(blocker, "a regular file\n");
    const places = [join(blocker, "state"), "/sys/wiki-gateway-state"];
    const results: Array<{ dir: string; code: number | string }> = [];
    for (const dir of places) {
      const daemon = await stack.startDaemon({ env: { GATEWAY_STATE_DIR: dir }, waitHealthy: false });
      const code = await Promise.race([
        daemon.exited,
        new Promise<string>((r) => setTimeout(() => r("still running"), 20_000)),
      ]);
      const output = daemon.logs();
      results.push({ dir, code });
      expect(code, output).not.toBe("still running");
      expect(code, output).not.toBe(0);
      expect(typeof code, output).toBe("number");
      // The operator is told which directory and what to do about it.
      expect(output).toContain(dir);
      expect(output).toMatch(/remedy|fix|writable|permission|directory/i);
      expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(output).not.toMatch(/unhandled/i);
      // Nothing was answered, nothing was confirmed: updates stay at Telegram.
      expect(stack.telegram.sent().length).toBe(0);
    }
    summary("disk", {
      unwritableStateDirs: results.length,
      refusedWithClearError: results.length,
      exitCodes: results.map((r) => r.code),
    });
  }, 60_000);
});

describeWhere("mount", "read-only file system (needs mount(2))", () => {
  it("read-only at start: clear error and a non-zero exit", async () => {
    stack = await startStack({ accounts: ["default"] });
    const dir = tmpfs(mounts, join(stack.dir, "ro-state"), "1m", true);
    const daemon = await stack.startDaemon({ env: { GATEWAY_STATE_DIR: dir }, waitHealthy: false });
    const code = await Promise.race([daemon.exited, sleep(20_000).then(() => "still running")]);
    expect(code, daemon.logs()).not.toBe("still running");
    expect(code).not.toBe(0);
    expect(daemon.logs()).toMatch(/EROFS/);
    expect(daemon.logs()).toContain(dir);
    summary("disk-read-only", { readOnlyStateDirs: 1, refusedWithClearError: 1, exitCode: code });
  }, 40_000);
});
