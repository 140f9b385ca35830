import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../../../src/accounts/journal/journal.js";
import { textUpdate } from "../fixtures.js";

const dir = () => mkdtempSync(join(tmpdir(), "journal-"));
const update = textUpdate;

describe("update journal", () => {
  it("returns recorded but unfinished updates on reopen, oldest first", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(3), update(1), update(2)]);
    j.markDone(2);
    await j.close();
    const again = openJournal(file, { durable: false });
    expect(again.unfinished.map((e) => e.updateId)).toEqual([1, 3]);
    expect(again.isDone(2)).toBe(true);
    expect(again.depth()).toBe(2);
    await again.close();
  });

  it("writes the turn's held sent and done marks on flush, before the turn ends", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(20), update(21)]);
    j.markSent(20, 0);
    j.markDone(20);
    const marks = () => readFileSync(file, "utf8").match(/\{"t":"[sd]","id":20[,}]/g) ?? [];
    // Held until the end of the turn: not in the file yet.
    expect(marks()).toEqual([]);
    const flushed = j.flush();
    // Written by flush itself, synchronously (what the runner relies on before it confirms offsets).
    expect(marks()).toEqual(['{"t":"s","id":20,', '{"t":"d","id":20}']);
    await flushed;
    await j.close();
    const reopened = openJournal(file, { durable: false });
    expect(reopened.isDone(20)).toBe(true);
    expect(reopened.unfinished.map((e) => e.updateId)).toEqual([21]);
    await reopened.close();
  });

  it("remembers which reply chunks were already sent", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(10)]);
    j.markSent(10, 0);
    j.markSent(10, 1);
    await j.close();
    const again = openJournal(file, { durable: false });
    expect([...again.sentChunks(10)]).toEqual([0, 1]);
    await again.close();
  });

  it("names reply chunks whose sending started but was never confirmed (crash in between)", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(7), update(8)]);
    j.markSending(7, 0);
    j.markSent(7, 0);
    j.markSending(7, 1);
    j.markSending(8, 0);
    j.markSent(8, 0);
    await j.close();
    const again = openJournal(file, { durable: false });
    const byId = new Map(again.unfinished.map((e) => [e.updateId, e]));
    expect([...byId.get(7)!.ambiguous]).toEqual([1]);
    expect([...byId.get(7)!.sent]).toEqual([0]);
    expect(byId.get(8)!.ambiguous.size).toBe(0);
    await again.close();
  });

  it("records a re-delivered update only once", async () => {
    const j = openJournal(join(dir(), "a.log"), { durable: false });
    expect(j.record([update(1), update(2)]).length).toBe(2);
    expect(j.record([update(2), update(3)]).map((u) => u.update_id)).toEqual([3]);
    j.markDone(1);
    expect(j.record([update(1)]).length).toBe(0);
    await j.close();
  });

  it("survives a torn last line (kill -9 in the middle of a write)", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(1), update(2)]);
    await j.close();
    appendFileSync(file, '{"t":"d","id":1'); // torn
    const again = openJournal(file, { durable: false });
    expect(again.unfinished.map((e) => e.updateId)).toEqual([1, 2]);
    await again.close();
  });

  it("compacts so the file stays bounded, keeping unfinished updates and recent done ids", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false, compactEvery: 500 });
    for (let id = 1; id <= 5000; id++) {
      j.record([update(id)]);
      if (id !== 4321) j.markDone(id);
    }
    await j.close();
    const lines = readFileSync(file, "utf8").trim().split("\n").length;
    expect(lines).toBeLessThan(1100);
    const again = openJournal(file, { durable: false });
    expect(again.unfinished.map((e) => e.updateId)).toEqual([4321]);
    expect(again.isDone(4999)).toBe(true);
    await again.close();
  });

  it("reports an unwritable journal with a remedy", () => {
    const d = dir();
    writeFileSync(join(d, "not-a-dir"), "x");
    expect(() => openJournal(join(d, "not-a-dir", "a.log"))).toThrowError(
      expect.objectContaining({
        code: "journal-unreadable",
        remedy: expect.stringContaining("state directory"),
      }),
    );
  });

  it("keeps a streamed answer's placeholder until it is deleted, across a reopen and a compaction", async () => {
    const file = join(dir(), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([update(40), update(41)]);
    j.markPlaceholder(40, 812);
    j.markPlaceholder(41, 9);
    j.markPlaceholder(41, undefined);
    // No close: a kill -9 right after the placeholder went out still finds it.
    const again = openJournal(file, { durable: false });
    expect(again.placeholder(40)).toBe(812);
    expect(again.placeholder(41)).toBeUndefined();
    await again.close();
    const third = openJournal(file, { durable: false });
    expect(third.placeholder(40)).toBe(812);
    third.markDone(40);
    expect(third.placeholder(40)).toBeUndefined();
    await third.close();
    await j.close();
  });
});
