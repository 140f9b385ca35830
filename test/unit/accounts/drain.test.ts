import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createDrain } from "../../../src/accounts/drain.js";
import { createInFlight } from "../../../src/accounts/in-flight.js";
import { openJournal } from "../../../src/accounts/journal/journal.js";
import { createUpdateProcessor } from "../../../src/accounts/update-processor.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { journalFile, silentReplier, testBot, textUpdate } from "./fixtures.js";

const bot = testBot;

describe("in-flight updates", () => {
  it("runs one task per update id at a time and forgets it once settled", async () => {
    const inFlight = createInFlight();
    let release: () => void = () => {};
    let runs = 0;
    const task = () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const first = inFlight.run(1, task);
    await inFlight.run(1, task); // a re-delivery while the first runs: dropped
    expect(runs).toBe(1);
    expect(inFlight.size()).toBe(1);
    release();
    await first;
    expect(inFlight.size()).toBe(0);
    await inFlight.run(1, async () => void (runs += 1));
    expect(runs).toBe(2);
  });
});

describe("drain at stop", () => {
  it("answers what was accepted up to the timeout, then stops; the rest stays for the next start", async () => {
    const file = journalFile();
    const journal = openJournal(file, { durable: false });
    const answered: number[] = [];
    const handler = async (msg: InboundMessage) => {
      // Update 2 takes 80 ms; update 3 never finishes (a stuck wiki).
      if (msg.updateId === 3) return new Promise<void>(() => {});
      await new Promise((r) => setTimeout(r, msg.updateId === 2 ? 80 : 0));
      answered.push(msg.updateId);
    };
    const processor = createUpdateProcessor({
      account: "a",
      journal,
      log: createMemoryLogger().logger,
      handler,
      identity: () => bot,
      replierFor: () => silentReplier,
      resubmit: () => {},
    });
    const updates = [textUpdate(1), textUpdate(2), textUpdate(3)];
    journal.record(updates);
    for (const u of updates) void processor.process(u);

    const started = Date.now();
    expect(await processor.drain(300)).toBe(false);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1000);
    expect(answered.sort()).toEqual([1, 2]);
    expect(processor.inFlight()).toBe(1);
    await journal.close();

    const next = openJournal(file, { durable: false });
    expect(next.unfinished.map((e) => e.updateId)).toEqual([3]);
    await next.close();
  });

  it("returns true as soon as the work is done, long before the deadline", async () => {
    let busy = 1;
    setTimeout(() => (busy = 0), 30);
    const drain = createDrain({ busy: () => busy, settled: () => new Promise(() => {}), tickMs: 10 });
    const started = Date.now();
    expect(await drain.until(5000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("never waits past the deadline by more than a tick, however long a tick is", async () => {
    const drain = createDrain({ busy: () => 1, settled: () => new Promise(() => {}), tickMs: 10_000 });
    const started = Date.now();
    expect(await drain.until(100)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("reads its deadline on the clock it is given", async () => {
    let now = 0;
    const drain = createDrain({
      busy: () => 1,
      settled: () => new Promise(() => {}),
      tickMs: 5,
      now: () => now,
    });
    const until = drain.until(60_000);
    now = 60_000;
    const started = performance.now();
    expect(await until).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("counts work held outside the handlers (the runner's queue) as busy", async () => {
    let queued = 2;
    const drain = createDrain({ busy: () => queued, settled: async () => {}, tickMs: 5 });
    setTimeout(() => (queued = 0), 40);
    expect(await drain.until(2000)).toBe(true);
  });
});
