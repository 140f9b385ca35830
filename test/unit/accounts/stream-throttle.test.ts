import { describe, expect, it } from "vitest";
import { createStreamThrottle } from "../../../src/accounts/stream-throttle.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A throttle over a recording `show` whose calls take `callMs`. */
function recorded(options: {
  intervalMs: number;
  firstAfterMs?: number;
  showEmpty: boolean;
  callMs?: number;
  mayShow?: () => boolean;
}) {
  const shown: Array<{ text: string; at: number }> = [];
  const failures: unknown[] = [];
  const started = performance.now();
  const throttle = createStreamThrottle(
    async (text) => {
      shown.push({ text, at: performance.now() - started });
      await sleep(options.callMs ?? 0);
    },
    { ...options, onFailure: (e) => failures.push(e) },
  );
  return { throttle, shown, failures };
}

describe("stream throttle", () => {
  it("shows only growing text, at most once per interval, the latest text when the wait is over", async () => {
    const { throttle, shown } = recorded({ intervalMs: 100, showEmpty: true });
    let text = "";
    throttle.push(text);
    for (let i = 0; i < 25; i++) {
      text += "word ";
      throttle.push(text);
      if (i === 10) throttle.push("w"); // shorter (a think block stripped): never shown
      await sleep(10);
    }
    await sleep(150);
    await throttle.stop();
    expect(shown[0]!.text).toBe("");
    expect(shown.at(-1)!.text).toBe(text);
    for (const [i, s] of shown.entries()) {
      if (i === 0) continue;
      expect(s.text.length).toBeGreaterThan(shown[i - 1]!.text.length);
      expect(s.at - shown[i - 1]!.at).toBeGreaterThanOrEqual(95);
    }
    expect(shown.length).toBeLessThanOrEqual(5);
  });

  it("waits for text and for firstAfterMs before its first showing (a group's placeholder)", async () => {
    const { throttle, shown } = recorded({ intervalMs: 50, firstAfterMs: 120, showEmpty: false });
    throttle.push("");
    await sleep(30);
    throttle.push("a");
    await sleep(50);
    expect(shown).toEqual([]);
    await sleep(80);
    expect(shown.map((s) => s.text)).toEqual(["a"]);
    expect(shown[0]!.at).toBeGreaterThanOrEqual(115);
    await throttle.stop();
  });

  it("makes one call at a time, and stop waits for the call under way and ends the showing", async () => {
    const { throttle, shown } = recorded({ intervalMs: 0, showEmpty: false, callMs: 60 });
    throttle.push("a");
    throttle.push("ab");
    throttle.push("abc");
    await sleep(10);
    expect(shown.map((s) => s.text)).toEqual(["a"]);
    const stopped = performance.now();
    await throttle.stop();
    expect(performance.now() - stopped).toBeGreaterThanOrEqual(40);
    throttle.push("abcd");
    await sleep(80);
    expect(shown.map((s) => s.text)).toEqual(["a"]);
  });

  it("holds a showing while the chat's pace has no room, and ends for good on a refused call", async () => {
    let room = false;
    const { throttle, shown } = recorded({ intervalMs: 40, showEmpty: false, mayShow: () => room });
    throttle.push("a");
    await sleep(100);
    expect(shown).toEqual([]);
    room = true;
    await sleep(60);
    expect(shown.map((s) => s.text)).toEqual(["a"]);
    await throttle.stop();

    const failures: unknown[] = [];
    let calls = 0;
    const failing = createStreamThrottle(
      () => {
        calls += 1;
        return Promise.reject(new Error("400: TEXTDRAFT_PEER_INVALID"));
      },
      { intervalMs: 0, showEmpty: false, onFailure: (e) => failures.push(e) },
    );
    failing.push("a");
    await sleep(10);
    failing.push("ab");
    await sleep(10);
    expect(calls).toBe(1);
    expect(failures).toHaveLength(1);
    await failing.stop();
  });
});
