import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOutgoingPacer } from "../../../src/accounts/outgoing-pacer.js";

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pacer on the fake clock, and the times (ms) at which each call started, by label. */
function paced() {
  const starts: Array<[string, number]> = [];
  const pacer = createOutgoingPacer({ now: () => Date.now() });
  const send = (chatId: number, label: string, ms = 0, fail = false) =>
    pacer.run(chatId, async () => {
      starts.push([label, Date.now()]);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      if (fail) throw new Error(`${label} refused`);
      return label;
    });
  return { pacer, starts, send };
}

describe("outgoing pacer", () => {
  it("sends at once while under the rates", async () => {
    const { starts, send } = paced();
    const done = [send(1, "a"), send(2, "b"), send(-100, "g")];
    // Started synchronously: no timer, no tick.
    expect(starts).toEqual([
      ["a", 0],
      ["b", 0],
      ["g", 0],
    ]);
    expect(await Promise.all(done)).toEqual(["a", "b", "g"]);
  });

  it("lets a private chat burst 3, then 1 a second, in order", async () => {
    const { starts, send } = paced();
    const all = Promise.all(["1", "2", "3", "4", "5", "6"].map((l) => send(7, l)));
    await vi.advanceTimersByTimeAsync(10_000);
    await all;
    expect(starts).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 0],
      ["4", 3000],
      ["5", 3000],
      ["6", 3000],
    ]);
  });

  it("keeps a group to 1 a second and 20 a minute", async () => {
    const { starts, send } = paced();
    const all = Promise.all(Array.from({ length: 22 }, (_, n) => send(-100, `m${n}`)));
    await vi.advanceTimersByTimeAsync(70_000);
    await all;
    const times = starts.map(([, at]) => at);
    expect(times.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, n) => n * 1000));
    expect(times.slice(20)).toEqual([60_000, 61_000]);
  });

  it("keeps the bot to 30 a second, chats taking turns", async () => {
    const { starts, send } = paced();
    const all = Promise.all(Array.from({ length: 40 }, (_, n) => send(1000 + n, `u${n}`)));
    expect(starts).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1000);
    await all;
    expect(starts.slice(30).map(([, at]) => at)).toEqual(Array(10).fill(1000));
  });

  it("counts a send from when its answer came back, and runs one call of a chat at a time", async () => {
    const { starts, send } = paced();
    const slow = send(-5, "slow", 500);
    const next = send(-5, "next");
    await vi.advanceTimersByTimeAsync(400);
    expect(starts.map(([l]) => l)).toEqual(["slow"]);
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all([slow, next]);
    expect(starts).toEqual([
      ["slow", 0],
      ["next", 1500],
    ]);
  });

  it("hands a failure to its caller and goes on with the chat's next call; depth counts queued and running", async () => {
    const { pacer, starts, send } = paced();
    const failed = send(-9, "bad", 0, true);
    const after = send(-9, "good");
    expect(pacer.depth()).toBe(2);
    await expect(failed).rejects.toThrow("bad refused");
    await vi.advanceTimersByTimeAsync(1000);
    expect(await after).toBe("good");
    expect(starts.map(([l]) => l)).toEqual(["bad", "good"]);
    expect(pacer.depth()).toBe(0);
  });

  it("has room for a chat only when a message would go at once and the answer after it still fits", async () => {
    const { pacer, send } = paced();
    expect(pacer.hasRoom(-100)).toBe(true);
    const running = send(-100, "slow", 50);
    expect(pacer.hasRoom(-100)).toBe(false); // a send under way
    expect(pacer.hasRoom(7)).toBe(true); // another chat
    await vi.advanceTimersByTimeAsync(50);
    await running;
    expect(pacer.hasRoom(-100)).toBe(false); // the group's second: 1 a second
    await vi.advanceTimersByTimeAsync(1000);
    expect(pacer.hasRoom(-100)).toBe(true);
    // 18 of the group's 20 a minute used: one more and the answer would no longer fit.
    for (let i = 0; i < 17; i++) {
      await send(-100, `m${i}`);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(pacer.hasRoom(-100)).toBe(true);
    await send(-100, "m17");
    await vi.advanceTimersByTimeAsync(1000);
    expect(pacer.hasRoom(-100)).toBe(false);
  });
});
