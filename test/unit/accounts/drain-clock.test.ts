import { describe, expect, it } from "vitest";
import { createDrain } from "../../../src/accounts/drain.js";

describe("createDrain on an injected clock", () => {
  it("gives up at the deadline of the clock, not of the wall: a 10-minute stop deadline is tested at once", async () => {
    let clock = 0;
    const drain = createDrain({
      busy: () => 1, // a handler that never finishes
      settled: () => new Promise(() => {}),
      tickMs: 5,
      now: () => (clock += 60_000),
    });
    const started = performance.now();
    await expect(drain.until(600_000)).resolves.toBe(false);
    expect(clock).toBeGreaterThanOrEqual(600_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("is done as soon as nothing is busy, whatever the clock says", async () => {
    let busy = 2;
    const drain = createDrain({
      busy: () => busy,
      settled: async () => {
        busy -= 1;
      },
      now: () => 0,
    });
    await expect(drain.until(1_000)).resolves.toBe(true);
    expect(busy).toBe(0);
  });
});
