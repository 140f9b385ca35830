import { beforeEach, describe, expect, it, vi } from "vitest";

const flags = vi.hoisted(() => [] as string[]);
vi.mock("node:v8", () => ({ setFlagsFromString: (flag: string) => flags.push(flag) }));
const { holdOptimizingCompilers, releaseOptimizingCompilers } =
  await import("../../../src/cli/optimizing-compilers.js");

beforeEach(() => {
  flags.length = 0;
});

describe("releasing V8's optimizing compilers", () => {
  it("does nothing when they were not held", () => {
    releaseOptimizingCompilers("24.0.0");
    expect(flags).toEqual([]);
  });

  it("turns TurboFan back on, and Maglev only where Node runs it by default (22 and later)", () => {
    holdOptimizingCompilers();
    releaseOptimizingCompilers("20.20.2");
    expect(flags).toEqual(["--no-turbofan", "--no-maglev", "--turbofan"]);
    flags.length = 0;
    holdOptimizingCompilers();
    releaseOptimizingCompilers("22.0.0");
    releaseOptimizingCompilers("22.0.0");
    expect(flags).toEqual(["--no-turbofan", "--no-maglev", "--turbofan", "--maglev"]);
  });
});
