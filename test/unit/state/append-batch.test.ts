import { describe, expect, it } from "vitest";
import { createAppendBatch } from "../../../src/state/append-batch.js";

/** A serialized write queue like the logs' own, recording each write. */
function harness() {
  const writes: string[] = [];
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (write: () => Promise<void>) => {
    queue = queue.then(write);
  };
  const batch = createAppendBatch(enqueue, async (lines) => {
    writes.push(lines.join(""));
  });
  return { writes, batch, enqueue, settled: () => queue };
}

describe("append batch", () => {
  it("writes the lines of a burst in one write, in order", async () => {
    const h = harness();
    for (const l of ["a", "b", "c"]) h.batch.add(l);
    await h.settled();
    expect(h.writes).toEqual(["abc"]);
    h.batch.add("d");
    await h.settled();
    expect(h.writes).toEqual(["abc", "d"]);
  });

  it("lines added after a cut go after what was enqueued meanwhile", async () => {
    const h = harness();
    h.batch.add("a");
    h.batch.cut();
    h.enqueue(async () => {
      h.writes.push("REWRITE");
    });
    h.batch.add("b");
    await h.settled();
    expect(h.writes).toEqual(["a", "REWRITE", "b"]);
  });

  it("a line added while the gathered write runs goes into the next write", async () => {
    let release!: () => void;
    const writes: string[][] = [];
    let queue: Promise<void> = Promise.resolve();
    const batch = createAppendBatch(
      (w) => {
        queue = queue.then(w);
      },
      async (lines) => {
        writes.push([...lines]);
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
      },
    );
    batch.add("a");
    await new Promise((r) => setImmediate(r));
    batch.add("b");
    batch.add("c");
    release();
    await queue;
    expect(writes).toEqual([["a"], ["b", "c"]]);
  });
});
