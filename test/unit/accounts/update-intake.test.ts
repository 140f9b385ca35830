import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createUpdateIntake } from "../../../src/accounts/update-intake.js";
import type { ProcessOptions } from "../../../src/accounts/update-processor.js";

const message = (id: number, chat: number) =>
  ({ update_id: id, message: { chat: { id: chat } } }) as unknown as Update;
const tap = (id: number, chat: number) =>
  ({ update_id: id, callback_query: { id: `q${id}`, message: { chat: { id: chat } } } }) as unknown as Update;
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A processor whose runs end when the test says; it records how each update was run. */
function recorder() {
  const runs: Array<{ id: number; over: boolean; turn: boolean }> = [];
  const finishers = new Map<number, () => void>();
  return {
    runs,
    finish: (id: number) => finishers.get(id)?.(),
    processor: {
      process(update: Update, options: ProcessOptions = {}) {
        runs.push({ id: update.update_id, over: options.over === true, turn: options.turn !== undefined });
        return new Promise<void>((resolve) => finishers.set(update.update_id, resolve));
      },
    },
  };
}

describe("update intake", () => {
  it("takes every update at once, whatever its chat has waiting: the runner never waits for a chat", async () => {
    const r = recorder();
    const intake = createUpdateIntake({
      processor: r.processor,
      concurrency: 8,
      limit: 100,
      capacity: () => 40,
    });
    for (let id = 1; id <= 30; id += 1) await intake.take(message(id, -5), -5);
    await intake.take(message(31, 7), 7);
    await tick();
    expect(r.runs.map((x) => x.id)).toEqual([1, 31]);
    expect(intake.busy()).toBe(31);
    expect(intake.view().chats[0]).toMatchObject({ chatId: "-5", waiting: 29 });
  });

  it("runs a tap at once with its turn, and a question over capacity at once without one", async () => {
    const r = recorder();
    const intake = createUpdateIntake({
      processor: r.processor,
      concurrency: 8,
      limit: 100,
      capacity: () => 1,
    });
    await intake.take(message(1, -5), -5);
    await intake.take(message(2, -5), -5);
    await intake.take(message(3, -5), -5);
    await intake.take(tap(4, -5), -5);
    await tick();
    expect(r.runs).toEqual([
      { id: 1, over: false, turn: true },
      { id: 3, over: true, turn: false },
      { id: 4, over: false, turn: true },
    ]);
    // The question over capacity does not hold up its chat: the next one goes once 1 ended.
    r.finish(1);
    await tick();
    expect(r.runs.map((x) => x.id)).toEqual([1, 3, 4, 2]);
  });

  it("runs a draft's stop at once, without a place in its chat: the question it stops holds that chat", async () => {
    const r = recorder();
    const intake = createUpdateIntake({
      processor: r.processor,
      concurrency: 8,
      limit: 100,
      capacity: () => 40,
    });
    await intake.take(message(1, 7), 7);
    await intake.take(message(2, 7), 7);
    const stop = { update_id: 3, stopped_message_generation: { chat: { id: 7 }, draft_id: 1 } };
    await intake.take(stop as unknown as Update, 7);
    await tick();
    expect(r.runs).toEqual([
      { id: 1, over: false, turn: true },
      { id: 3, over: false, turn: false },
    ]);
    r.finish(3);
    r.finish(1);
    await tick();
    expect(r.runs.map((x) => x.id)).toEqual([1, 3, 2]);
  });
});
