import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { armStopWatchdog, EXIT_AFTER_STOP_MS } from "../../../src/cli/stop-watchdog.js";
import { memoryLogger } from "../../helpers/memory-logger.js";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the stop's watchdog", () => {
  it("at its deadline logs what was pending and what held the process, and exits 1", () => {
    const { log, lines } = memoryLogger();
    const exit = vi.fn();
    armStopWatchdog({
      logger: log,
      deadlineMs: 7_000,
      pending: () => ["accounts", "shared stores"],
      exit,
      resources: () => ["TCPWrap", "TCPWrap", "Timeout"],
    });
    vi.advanceTimersByTime(6_999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      code: "stop-deadline-passed",
      pending: ["accounts", "shared stores"],
      resources: { TCPWrap: 2, Timeout: 1 },
    });
    expect(lines.at(-1)?.remedy).toMatch(/journal/);
  });

  it("after a stop that ended, ends a process still held open with the stop's code, soon", () => {
    const { log, lines } = memoryLogger();
    const exit = vi.fn();
    const watchdog = armStopWatchdog({
      logger: log,
      deadlineMs: 60_000,
      pending: () => [],
      exit,
      resources: () => [],
    });
    watchdog.stopped(0);
    vi.advanceTimersByTime(EXIT_AFTER_STOP_MS);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(lines.at(-1)?.msg).toMatch(/still held open/);
    vi.advanceTimersByTime(60_000);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it("never keeps the process alive by itself (its timers are unref'd)", () => {
    vi.useRealTimers();
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const watchdog = armStopWatchdog({
      logger: memoryLogger().log,
      deadlineMs: 60_000,
      pending: () => [],
      exit: vi.fn(),
    });
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
    watchdog.stopped(0);
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
  });
});
