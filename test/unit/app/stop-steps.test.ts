import { describe, expect, it } from "vitest";
import { runStopSteps, type StopStep } from "../../../src/app/stop-steps.js";
import { settleWithin } from "../../../src/core/settle-within.js";
import { memoryLogger } from "../../helpers/memory-logger.js";

const never = () => new Promise<void>(() => {});
const step = (name: string, run: StopStep["run"], boundMs = 50): StopStep => ({ name, run, boundMs });

describe("settleWithin", () => {
  it("is true when the work settles in time, rejected or not, and false when the time runs out", async () => {
    expect(await settleWithin(Promise.resolve(1), 50)).toBe(true);
    expect(await settleWithin(Promise.reject(new Error("no")), 50)).toBe(true);
    expect(await settleWithin(never(), 20)).toBe(false);
  });
});

describe("runStopSteps", () => {
  it("goes past a step that hangs or fails, naming it, and runs every later step in order", async () => {
    const { log, lines } = memoryLogger();
    const ran: string[] = [];
    const run = runStopSteps(
      [
        step("hangs", never),
        step("fails", () => Promise.reject(new Error("disk gone"))),
        step("flush", () => void ran.push("flush")),
        step("close", async () => void ran.push("close")),
      ],
      { logger: log, deadlineAt: Date.now() + 10_000 },
    );
    expect(run.pending()).toEqual(["hangs"]);
    const started = Date.now();
    await run.done;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(ran).toEqual(["flush", "close"]);
    expect(run.pending()).toEqual(["hangs"]);
    expect(lines.find((l) => l.code === "stop-step-overran")).toMatchObject({ step: "hangs", boundMs: 50 });
    expect(lines.find((l) => l.step === "fails")?.msg).toMatch(/failed; the stop goes on/);
  });

  it("never waits for a step past the stop's deadline, whatever its own bound", async () => {
    const { log, lines } = memoryLogger();
    const started = Date.now();
    await runStopSteps([step("drain", never, 60_000), step("files", never, 60_000)], {
      logger: log,
      deadlineAt: started + 100,
    }).done;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines.filter((l) => l.code === "stop-step-overran").map((l) => l.step)).toEqual([
      "drain",
      "files",
    ]);
  });
});
