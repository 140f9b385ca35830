import { describe, expect, it } from "vitest";
import { createStreamStops } from "../../../src/accounts/stream-stops.js";

describe("stream stops", () => {
  it("aborts the registered draft of that chat only, once; an unknown or finished draft is ignored", () => {
    const stops = createStreamStops();
    const a = new AbortController();
    const b = new AbortController();
    const forgetA = stops.register(7, 1, a);
    stops.register(8, 1, b);
    expect(stops.stop(7, 2)).toBe(false);
    expect(stops.stop(7, 1)).toBe(true);
    expect(a.signal.aborted).toBe(true);
    expect(b.signal.aborted).toBe(false);
    expect(stops.stop(7, 1)).toBe(false);
    forgetA();
    const c = new AbortController();
    const forgetC = stops.register(8, 2, c);
    forgetC();
    expect(stops.stop(8, 2)).toBe(false);
    expect(c.signal.aborted).toBe(false);
    expect(stops.size()).toBe(1);
  });
});
