import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { type DaemonProcess, eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { allPolling, crashLines, repliesPerMessage, sleep, summary } from "./lib.js";

/**
 * Issue 11, faults: kill -9 at random instants of a 2,000-message load, five times in a row. In the
 * end every message is answered; the only duplicates allowed are the at-least-once window the
 * daemon names itself (the `ambiguous` update ids of its "replaying unfinished updates" line).
 */
const MESSAGES = 2000;
const KILLS = 5;
const SEED = 11;

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("kill -9 during load", () => {
  it(`${KILLS} kills at random instants of a ${MESSAGES}-message load: every message answered`, async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    // Random kill points (answered-count thresholds) and extra delays, from a fixed seed.
    const [fractions, delays] = fc.sample(
      fc.tuple(
        fc.array(fc.double({ min: 0.05, max: 0.9, noNaN: true }), { minLength: KILLS, maxLength: KILLS }),
        fc.array(fc.integer({ min: 0, max: 150 }), { minLength: KILLS, maxLength: KILLS }),
      ),
      { seed: SEED, numRuns: 1 },
    )[0]!;
    const thresholds = fractions.map((f) => Math.floor(f * MESSAGES)).sort((a, b) => a - b);

    let daemon = await stack.startDaemon();
    const daemons: DaemonProcess[] = [daemon];
    await eventually(() => allPolling(daemon.httpUrl), 20_000);

    // Update ids and DM message ids both grow by one per userSays: learn the offset between them.
    // A kind the gateway does not ask for, delivered anyway: only its update_id matters.
    const marker = telegram.injectUpdate(
      bot,
      {
        poll: {
          id: "marker",
          question: "marker",
          options: [],
          total_voter_count: 0,
          is_closed: true,
          is_anonymous: true,
          type: "regular",
          allows_multiple_answers: false,
        },
      },
      { bypassAllowedUpdates: true },
    )!;
    const messageIds: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      messageIds.push(
        telegram.userSays({ from: user.id, chat: { bot }, text: `backup question ${i}` }).messageId,
      );
    }
    // The mapping below holds only while DM message ids grow by one per message.
    expect(messageIds.every((id, i) => id === messageIds[0]! + i)).toBe(true);
    const updateIdOf = (messageId: number) => marker + 1 + (messageId - messageIds[0]!);

    const ambiguous = new Set<number>();
    const killedAt: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      const target = Math.max(thresholds[k]!, (killedAt.at(-1) ?? 0) + 1);
      await eventually(() => repliesPerMessage(stack!, bot).size >= target, 90_000, 5);
      await sleep(delays[k]!);
      daemon.child.kill("SIGKILL");
      expect(await daemon.exited).toBe("SIGKILL");
      killedAt.push(repliesPerMessage(stack, bot).size);
      daemon = await stack.startDaemon();
      daemons.push(daemon);
      const replay = await daemon
        .waitForLog((l) => l.msg === "replaying unfinished updates", 10_000)
        .catch(() => undefined);
      for (const id of (replay?.ambiguous as number[] | undefined) ?? []) ambiguous.add(id);
    }
    await eventually(() => repliesPerMessage(stack!, bot).size >= MESSAGES, 120_000, 100);
    await sleep(1500); // a late duplicate would show up now

    const counts = repliesPerMessage(stack, bot);
    const unanswered = messageIds.filter((id) => !counts.has(id));
    const duplicates = [...counts.entries()].filter(([, n]) => n > 1).map(([id]) => updateIdOf(id));
    const outsideWindow = duplicates.filter((id) => !ambiguous.has(id));
    const crashes = daemons.flatMap(crashLines);
    summary("kill9", {
      messagesSent: MESSAGES,
      messagesAnswered: MESSAGES - unanswered.length,
      kills: KILLS,
      answeredAtKills: killedAt,
      duplicates: duplicates.length,
      ambiguousNamed: ambiguous.size,
      duplicatesOutsideWindow: outsideWindow.length,
    });
    expect(unanswered).toEqual([]);
    expect(outsideWindow).toEqual([]);
    expect(crashes).toEqual([]);
    expect(await allPolling(daemon.httpUrl)).toBe(true);
  }, 240_000);
});
