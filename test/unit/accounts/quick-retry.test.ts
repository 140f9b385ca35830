import { describe, expect, it } from "vitest";
import { quickRetry } from "../../../src/accounts/quick-retry.js";

type Answer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };
const err = (code: number): Answer => ({ ok: false, error_code: code, description: `${code}` });

/** A `prev` that gives the answers in order and counts the calls. */
function scripted(answers: Answer[]) {
  let calls = 0;
  const prev = (async () => answers[Math.min(calls++, answers.length - 1)]!) as never;
  return { prev, calls: () => calls };
}

describe("quick retry of a 5xx", () => {
  it("retries a 502 after each short delay and returns the first success", async () => {
    const { prev, calls } = scripted([err(502), err(500), { ok: true, result: 1 }]);
    const res = await quickRetry([1, 1, 1])(prev, "sendMessage", {} as never, undefined);
    expect(res).toEqual({ ok: true, result: 1 });
    expect(calls()).toBe(3);
  });

  it("hands the last 5xx on once the delays are spent (auto-retry takes over)", async () => {
    const { prev, calls } = scripted([err(502)]);
    const res = await quickRetry([1, 1])(prev, "sendMessage", {} as never, undefined);
    expect(res).toMatchObject({ ok: false, error_code: 502 });
    expect(calls()).toBe(3);
  });

  it("leaves 429s and other errors to the caller at once", async () => {
    for (const code of [429, 400, 403]) {
      const { prev, calls } = scripted([err(code), { ok: true, result: 1 }]);
      const res = await quickRetry([1, 1])(prev, "sendMessage", {} as never, undefined);
      expect(res).toMatchObject({ ok: false, error_code: code });
      expect(calls()).toBe(1);
    }
  });

  it("stops waiting when the call is aborted", async () => {
    const { prev, calls } = scripted([err(503), { ok: true, result: 1 }]);
    const controller = new AbortController();
    const started = Date.now();
    const pending = quickRetry([10_000])(prev, "sendMessage", {} as never, controller.signal as never);
    setTimeout(() => controller.abort(), 50); // while it waits before the retry
    const res = await pending;
    expect(res).toMatchObject({ ok: false, error_code: 503 });
    expect(calls()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
