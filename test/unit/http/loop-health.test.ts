import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { createLoopHealth, type LoopBlock, type LoopHealth } from "../../../src/http/loop-health.js";

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // the loop can run nothing else meanwhile
  }
};
const ticks = (ms: number) => new Promise((r) => setTimeout(r, ms));

let health: LoopHealth | undefined;
afterEach(() => {
  health?.stop();
  health = undefined;
});

describe("event-loop health", () => {
  it("records a block over the threshold with when it began and how long it lasted, and logs it once", async () => {
    const registry = new Registry();
    const seen: LoopBlock[] = [];
    health = createLoopHealth({ registry, onBlock: (b) => seen.push(b) });
    await ticks(120);
    const before = Date.now();
    busy(300);
    await ticks(120);

    const view = health.view();
    expect(view.thresholdMs).toBe(100);
    expect(view.blocks).toBeGreaterThanOrEqual(1);
    const block = view.recent.find((b) => b.ms >= 250);
    expect(block).toBeDefined();
    // It began about when the busy loop started (within the tick and some scheduling slack).
    expect(Math.abs(Date.parse(block!.at) - before)).toBeLessThan(200);
    expect(view.longest!.ms).toBeGreaterThanOrEqual(block!.ms);
    expect(seen).toContainEqual(block);

    const text = await registry.metrics();
    expect(text).toMatch(/^wiki_gateway_event_loop_blocked_seconds_count [1-9]/m);
  });

  it("reports nothing blocked while the loop keeps up", async () => {
    health = createLoopHealth({ registry: new Registry(), thresholdMs: 5_000 });
    busy(150);
    await ticks(100);
    expect(health.view()).toEqual({ blocks: 0, thresholdMs: 5_000, recent: [] });
  });

  it("exposes the loop delay p50, p99 and max, and GC pauses by kind", async () => {
    const registry = new Registry();
    health = createLoopHealth({ registry });
    busy(60);
    await ticks(60);
    // Make garbage so that at least one collection runs.
    let keep: unknown[] = [];
    for (let i = 0; i < 200; i++) keep = Array.from({ length: 10_000 }, (_, j) => ({ i, j }));
    expect(keep.length).toBe(10_000);
    await ticks(50);

    const text = await registry.metrics();
    for (const stat of ["p50", "p99", "max"]) {
      expect(text).toMatch(
        new RegExp(`^wiki_gateway_event_loop_delay_seconds\\{stat="${stat}"\\} [0-9.e-]+$`, "m"),
      );
    }
    const max = Number(/^wiki_gateway_event_loop_delay_seconds\{stat="max"\} (\S+)$/m.exec(text)![1]);
    expect(max).toBeGreaterThan(0.03);
    expect(text).toMatch(
      /^wiki_gateway_gc_pause_seconds_count\{kind="(minor|major|incremental|weakcb)"\} [1-9]/m,
    );
    // A scrape starts a new window.
    const again = await registry.metrics();
    const maxAgain = Number(/^wiki_gateway_event_loop_delay_seconds\{stat="max"\} (\S+)$/m.exec(again)![1]);
    expect(maxAgain).toBeLessThan(max);
  });
});
