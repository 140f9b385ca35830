import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { textUpdate } from "../fixtures.js";

/** fdatasync calls held until the test lets them finish (or fail). */
const pending: Array<(error: NodeJS.ErrnoException | null) => void> = [];
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  return {
    ...fs,
    fdatasync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      pending.push(done);
    },
  };
});
const { openJournal } = await import("../../../../src/accounts/journal/journal.js");

const settled = async (p: Promise<unknown>) => {
  let state = "pending";
  p.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  await new Promise((r) => setTimeout(r, 10));
  return state;
};

afterEach(() => {
  pending.length = 0;
});

describe("a durable journal", () => {
  it("has the batch in the file when record returns, and on disk only when flush() resolves", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "journal-")), "a.log");
    const j = openJournal(file);
    j.record([textUpdate(1), textUpdate(2)]);
    expect(readFileSync(file, "utf8")).toMatch(/"update_id":2/);
    expect(pending).toHaveLength(1);
    const flushed = j.flush();
    expect(await settled(flushed)).toBe("pending");
    pending[0]!(null);
    expect(await settled(flushed)).toBe("resolved");
    // Progress marks are not synced.
    j.markDone(1);
    expect(pending).toHaveLength(1);
    await j.close();
  });

  it("rejects flush() with journal-write-failed when the fdatasync failed, and is failing until a write succeeds", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "journal-")), "a.log");
    const j = openJournal(file);
    j.record([textUpdate(1)]);
    pending[0]!(Object.assign(new Error("EIO: i/o error"), { code: "EIO" }));
    await expect(j.flush()).rejects.toMatchObject({ code: "journal-write-failed" });
    expect(j.failing()?.code).toBe("journal-write-failed");
    j.markDone(1);
    // The done mark is written at the end of this turn of the event loop.
    await new Promise((r) => setImmediate(r));
    expect(j.failing()).toBeUndefined();
    // The batch is not known to be on disk yet: the next flush syncs again.
    const again = j.flush();
    expect(pending).toHaveLength(2);
    expect(await settled(again)).toBe("pending");
    pending[1]!(null);
    await expect(again).resolves.toBeUndefined();
    await j.close();
  });

  it("after a failed fdatasync, the same batch sent again is synced before it can be confirmed", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "journal-")), "a.log");
    const j = openJournal(file);
    j.record([textUpdate(1)]);
    pending[0]!(Object.assign(new Error("EIO: i/o error"), { code: "EIO" }));
    await expect(j.flush()).rejects.toMatchObject({ code: "journal-write-failed" });
    // Telegram sends the unconfirmed batch again: every update is known, nothing is appended.
    j.record([textUpdate(1)]);
    const flushed = j.flush();
    expect(pending).toHaveLength(2);
    expect(await settled(flushed)).toBe("pending");
    pending[1]!(Object.assign(new Error("EIO: i/o error"), { code: "EIO" }));
    await expect(flushed).rejects.toMatchObject({ code: "journal-write-failed" });
    const third = j.flush();
    pending[2]!(null);
    await expect(third).resolves.toBeUndefined();
    // Once a sync succeeded, flushing starts no more.
    await expect(j.flush()).resolves.toBeUndefined();
    expect(pending).toHaveLength(3);
    await j.close();
  });

  it("without durable, never syncs", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "journal-")), "a.log");
    const j = openJournal(file, { durable: false });
    j.record([textUpdate(1)]);
    expect(pending).toHaveLength(0);
    await expect(j.flush()).resolves.toBeUndefined();
    await j.close();
  });
});
