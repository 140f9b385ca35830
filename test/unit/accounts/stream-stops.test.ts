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

  it("tells each stop pressed, for a draft being written or not (the metrics)", () => {
    const told: boolean[] = [];
    const stops = createStreamStops((known) => told.push(known));
    stops.register(7, 1, new AbortController());
    stops.stop(7, 1);
    stops.stop(7, 1);
    stops.stop(9, 3);
    expect(told).toEqual([true, false, false]);
  });
});
