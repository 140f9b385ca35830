import { renameSync, rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type DaemonProcess, eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { allPolling, ask, crashLines, sleep, summary } from "./lib.js";

/**
 * A stop always ends: after SIGTERM the daemon exits within GATEWAY_STOP_TIMEOUT_MS and a few
 * seconds whatever is down or hangs at that moment (Telegram, the wiki, the state directory), and
 * what it had not finished stays in the journal.
 */
const STOP_TIMEOUT_MS = 2_000;
/** What the stop may take past GATEWAY_STOP_TIMEOUT_MS (its watchdog fires at 5 s). */
const GRACE_MS = 6_000;
/** Far past the stop's bound: a call held this long does not answer while the daemon stops. */
const HANG_MS = 60_000;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function stopTimed(daemon: DaemonProcess) {
  const t0 = Date.now();
  daemon.child.kill("SIGTERM");
  const code = await Promise.race([
    daemon.exited,
    sleep(STOP_TIMEOUT_MS + 30_000).then(() => "still running"),
  ]);
  return { code, ms: Date.now() - t0 };
}

/** A stack of one account whose daemon has answered a first question. */
async function answering(): Promise<{ s: Stack; bot: string; daemon: DaemonProcess }> {
  const s = await startStack({
    accounts: ["default"],
    env: { GATEWAY_STOP_TIMEOUT_MS: String(STOP_TIMEOUT_MS) },
  });
  stack = s;
  const bot = s.bots.default!.username;
  const daemon = await s.startDaemon();
  await eventually(() => allPolling(daemon.httpUrl), 20_000);
  await ask(s, bot, "backup");
  return { s, bot, daemon };
}

/** SIGTERM: the daemon exits 0 within the stop's bound, and nothing crashed on the way. */
async function stopsInTime(daemon: DaemonProcess, name: string): Promise<void> {
  const stop = await stopTimed(daemon);
  summary(name, { stopTimeoutMs: STOP_TIMEOUT_MS, exitMs: stop.ms, code: stop.code });
  expect(stop.code).toBe(0);
  expect(stop.ms).toBeLessThan(STOP_TIMEOUT_MS + GRACE_MS);
  expect(crashLines(daemon)).toEqual([]);
}

describe("a stop always ends", () => {
  it("Telegram and the wiki hang with an answer in flight: exits in time, the question answered after the restart", async () => {
    const { s, bot, daemon } = await answering();

    // Every Bot API call from now on is held (the long poll in progress still returns the update),
    // and so is every wiki request: the answer cannot be sent, the index refresh cannot end.
    s.telegram.faults.slow("*", HANG_MS);
    s.wiki.setLatency(HANG_MS);
    const said = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "backup restore" });
    await sleep(2_500); // fetched, journaled, its answer held at Telegram

    await stopsInTime(daemon, "stop-hanging-services");

    s.telegram.faults.clear();
    s.wiki.setLatency(0);
    const again = await s.startDaemon();
    await s.telegram.waitForSent((m) => m.bot === bot && m.replyToMessageId === said.messageId, 20_000);
    expect((await stopTimed(again)).code).toBe(0);
  }, 90_000);

  it("Telegram and the wiki closed, the state directory removed: exits in time", async () => {
    const { s, daemon } = await answering();

    s.telegram.faults.down(true);
    await s.wiki.setDown(true);
    // Moved away first (at once, whatever the daemon writes meanwhile), then deleted.
    renameSync(s.stateDir, `${s.stateDir}-removed`);
    rmSync(`${s.stateDir}-removed`, { recursive: true, force: true });
    await sleep(1_000);

    await stopsInTime(daemon, "stop-services-gone");
  }, 60_000);
});
