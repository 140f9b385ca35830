import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../../../src/log/logger.js";
import { lazyChild } from "../../../src/log/lazy-child.js";

function memoryLogger(level = "info") {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level, destination }), lines };
}

describe("lazy child logger", () => {
  it("makes no child for calls below the level, and writes nothing", () => {
    const { log, lines } = memoryLogger("info");
    const child = vi.spyOn(log, "child");
    const lazy = lazyChild(log, { updateId: 7 });
    lazy.debug({ a: 1 }, "not logged");
    lazy.trace("not logged either");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("logs with the bindings like the child would, making the child once", () => {
    const { log, lines } = memoryLogger("debug");
    const child = vi.spyOn(log, "child");
    const lazy = lazyChild(log, { updateId: 7 });
    lazy.info({ chatId: 1 }, "first");
    lazy.debug("second");
    lazy.child({ component: "x" }).warn("third");
    // The update's child once; pino's children inherit the spied method, so the nested one counts too.
    expect(child.mock.calls.map(([bindings]) => bindings)).toEqual([{ updateId: 7 }, { component: "x" }]);
    expect(lines.map((l) => [l.msg, l.updateId])).toEqual([
      ["first", 7],
      ["second", 7],
      ["third", 7],
    ]);
    expect(lines[0]).toMatchObject({ chatId: 1 });
    expect(lines[2]).toMatchObject({ component: "x" });
    expect(lazy.isLevelEnabled("debug")).toBe(true);
  });

  it("keeps scrubbing secrets from what it writes", () => {
    const { log, lines } = memoryLogger("info");
    lazyChild(log, { updateId: 1 }).error({ token: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi" }, "x");
    expect(JSON.stringify(lines)).not.toContain("ABCDEFGHIJKLMNOP");
  });
});
